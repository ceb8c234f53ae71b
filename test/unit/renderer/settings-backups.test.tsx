import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupLedger } from '../../../electron/services/ledger/backup';
import { RESTORE_CHOICE_FILE } from '../../../electron/services/ledger/restore-choice';
import { BackupsSection } from '../../../renderer/features/settings/BackupsSection';
import { setLanguage } from '../../../renderer/i18n';
import { formatDateTime } from '../../../renderer/i18n/dates';
import { installBridge } from '../../helpers/renderer-bridge';

// Configurações' copies of the ledger as the owner meets them, against the real app (real
// core, handlers, contract and SQLite): the kept copies with date and sales, `Restaurar` asked
// again naming the copy's date and sale count, and the restore chosen for the next start.
const PIN = '2468';
let app: Awaited<ReturnType<typeof installBridge>>;
const takenAt = Date.UTC(2026, 10, 24, 12, 30, 0);
const choice = () => path.join(app.dataDir, RESTORE_CHOICE_FILE);

beforeAll(async () => {
  await setLanguage('pt-BR');
  app = await installBridge();
  expect((await app.core.owner.setPin(PIN)).ok).toBe(true);
  const insert = app.core.ledger.db.prepare(
    `INSERT INTO charges (id, external_id, operation, amount_cents, status, terminal_id, demo,
       created_at, updated_at, expires_at)
     VALUES (?, ?, 'deposit', 500, 'PAID', 't1', 0, 1000, 1000, 5000)`,
  );
  for (const i of [1, 2, 3]) insert.run(`bk${i}`, `bk-e${i}`);
  await backupLedger(app.core.ledger.db, path.join(app.dataDir, 'backups'), {
    now: new Date(takenAt),
  });
  insert.run('bk4', 'bk-e4'); // sold after the copy
}, 60_000);
afterAll(() => app.close());
afterEach(cleanup);

describe('Cópias do livro de cobranças', () => {
  it('shows nothing of the copies while the owner is locked', async () => {
    app.core.owner.lock();
    render(<BackupsSection />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Função do proprietário: digite o PIN.',
    );
    expect(screen.queryAllByTestId('backup-row')).toHaveLength(0);
  });

  it('lists each copy with its date and sales; Restaurar names both, and the choice waits for the next start', async () => {
    expect((await app.core.owner.unlock(PIN)).ok).toBe(true);
    render(<BackupsSection />);
    const at = formatDateTime(takenAt);
    // The copy taken at this start (the core's daily one, no sales yet) is listed too.
    await screen.findAllByTestId('backup-row');
    const row = screen.getAllByTestId('backup-row').find((r) => r.textContent?.includes(at));
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([at, 'diária', '3', 'Restaurar']);

    // Asked first, naming the copy; Cancelar changes nothing.
    fireEvent.click(screen.getByRole('button', { name: `Restaurar a cópia de ${at}` }));
    let dialog = screen.getByRole('dialog', {
      name: `Restaurar a cópia de ${at}, com 3 vendas?`,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(existsSync(choice())).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: `Restaurar a cópia de ${at}` }));
    dialog = screen.getByRole('dialog', { name: `Restaurar a cópia de ${at}, com 3 vendas?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restaurar ao abrir' }));
    const pending = await screen.findByTestId('backup-pending');
    expect(pending.textContent).toContain(
      `A cópia de ${at} (3 vendas) será restaurada na próxima vez que o Balcão abrir`,
    );
    expect(JSON.parse(readFileSync(choice(), 'utf8'))).toMatchObject({
      name: 'ledger-20261124-123000-diario.sqlite',
      charges: 3,
    });
    // The running app's ledger is untouched until then.
    expect(app.core.charges.record('bk4')).toBeDefined();

    // Reopening now: the development host under this test cannot restart itself, and says so.
    fireEvent.click(within(pending).getByRole('button', { name: 'Reabrir o Balcão agora' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Aqui o Balcão não se reabre sozinho: feche-o e abra de novo.',
    );

    // Withdrawn: the next start opens the ledger as it is.
    fireEvent.click(within(pending).getByRole('button', { name: 'Não restaurar' }));
    // (The copy's own Restaurar button is there all along: wait for the pending line to go.)
    await waitFor(() => expect(screen.queryByTestId('backup-pending')).toBeNull());
    screen.getByRole('button', { name: `Restaurar a cópia de ${at}` });
    expect(existsSync(choice())).toBe(false);
  });

  it('the newest three copies first; Ver todas shows every one kept, the oldest too', async () => {
    expect((await app.core.owner.unlock(PIN)).ok).toBe(true);
    const dir = path.join(app.dataDir, 'backups');
    for (const day of [20, 21, 22])
      await backupLedger(app.core.ledger.db, dir, { now: new Date(Date.UTC(2026, 10, day, 9)) });
    render(<BackupsSection />);
    await screen.findAllByTestId('backup-row');
    expect(screen.getAllByTestId('backup-row')).toHaveLength(3);
    const oldest = formatDateTime(Date.UTC(2026, 10, 20, 9));
    expect(screen.queryByRole('button', { name: `Restaurar a cópia de ${oldest}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver todas as 5 cópias' }));
    expect(screen.getAllByTestId('backup-row')).toHaveLength(5);
    screen.getByRole('button', { name: `Restaurar a cópia de ${oldest}` });
    expect(screen.queryByRole('button', { name: 'Ver todas as 5 cópias' })).toBeNull();
  });
});
