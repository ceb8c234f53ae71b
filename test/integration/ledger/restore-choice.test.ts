// Restoring a ledger copy from Configurações, through the real core, handlers and contract on a
// real SQLite data folder: a copy taken, the ledger changed, the copy chosen behind the owner
// PIN, and at the next start (before the ledger opens) the copy's charges are back.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreIfChosen, withoutRestoreArg } from '../../../electron/main/os/restore-arg';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { backupLedger } from '../../../electron/services/ledger/backup';
import { Ledger } from '../../../electron/services/ledger/ledger';
import {
  chooseRestore,
  RESTORE_CHOICE_FILE,
} from '../../../electron/services/ledger/restore-choice';
import { coreOn, tempDir } from '../../helpers/core';
import { startHarness } from '../../helpers/shell-harness';
import { addCharges, ledgerWithCharges } from '../../helpers/ledger-files';

const PIN = '2468';

const count = (ledger: Ledger) =>
  (ledger.db.prepare('SELECT count(*) AS n FROM charges').get() as { n: number }).n;

describe('Restaurar a copy from Configurações', () => {
  it('lists the kept copies with date and sales, behind the PIN; the chosen one is back at the next start', async () => {
    const dataDir = tempDir();
    // No PSP is reached here: the core is never started.
    const { core } = await coreOn('http://127.0.0.1:9/api', { dataDir });
    const call = (channel: string, input: unknown = {}) =>
      dispatch(createHandlers(core, 'electron'), channel, input, core.logger);
    expect((await core.owner.setPin(PIN)).ok).toBe(true);
    core.owner.lock();

    addCharges(core.ledger, 0, 5);
    const takenAt = Date.UTC(2026, 10, 24, 9, 0, 0);
    const copy = await backupLedger(core.ledger.db, path.join(dataDir, 'backups'), {
      now: new Date(takenAt),
    });
    const name = path.basename(copy.file);
    expect(name).toBe('ledger-20261124-090000-diario.sqlite');
    addCharges(core.ledger, 5, 7); // the ledger changes after the copy
    expect(count(core.ledger)).toBe(12);

    // Owner only: nothing listed, nothing chosen while locked.
    expect(await call('backups:list')).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await call('backups:restore', { name })).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });
    expect(existsSync(path.join(dataDir, RESTORE_CHOICE_FILE))).toBe(false);
    expect(await call('app:relaunch')).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });

    expect((await core.owner.unlock(PIN)).ok).toBe(true);
    // The services' answer; Electron's main process wraps it and restarts (next test).
    expect(await call('app:relaunch')).toEqual({ ok: true, value: { relaunching: false } });
    expect(await call('backups:list')).toEqual({
      ok: true,
      value: {
        backups: [{ name, takenAt, reason: 'diario', charges: 5, ok: true }],
        pending: null,
      },
    });
    // Only a kept copy, by its name: no path reaches the service.
    expect(
      await call('backups:restore', { name: 'ledger-20990101-000000-diario.sqlite' }),
    ).toMatchObject({ ok: false, code: 'BACKUP_NOT_FOUND' });
    expect(await call('backups:restore', { name: '../ledger.sqlite' })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });
    // Chosen, withdrawn, chosen again.
    expect(await call('backups:restore', { name })).toMatchObject({
      ok: true,
      value: { pending: { name, takenAt, charges: 5 } },
    });
    expect(await call('backups:cancelRestore')).toMatchObject({
      ok: true,
      value: { pending: null },
    });
    expect(await call('backups:restore', { name })).toMatchObject({
      ok: true,
      value: { pending: { name, charges: 5 } },
    });
    // Nothing happens to the running app's ledger.
    expect(count(core.ledger)).toBe(12);
    await core.stop();

    // The next start, before the ledger opens (electron/main/shell.ts): the copy is back, once.
    expect(restoreIfChosen(dataDir)).toMatchObject({
      ok: true,
      message: expect.stringContaining('5 cobranças'),
    });
    expect(restoreIfChosen(dataDir)).toBeUndefined();
    const back = Ledger.open(path.join(dataDir, 'ledger.sqlite'));
    expect(count(back)).toBe(5);
    expect(back.charges.get('c4')).toMatchObject({ amountCents: 104, status: 'PAID' });
    back.close();
  });

  it('the Electron shell puts the chosen copy back at start, before the core opens the ledger; a copy gone bad is reported and the ledger kept', async () => {
    const { dataDir, file, backups, ledger } = ledgerWithCharges(3);
    const copy = await backupLedger(ledger.db, backups);
    addCharges(ledger, 3, 4);
    ledger.close();
    expect(chooseRestore(dataDir, backups, path.basename(copy.file)).ok).toBe(true);

    const h = await startHarness({ dataDir });
    expect(h.shell).not.toBeNull();
    expect(h.fake.dialog.errors).toEqual([]);
    const back = Ledger.open(file);
    expect(count(back)).toBe(3);
    back.close();
    expect(existsSync(path.join(dataDir, RESTORE_CHOICE_FILE))).toBe(false); // used once

    // `Reabrir o Balcão agora`: the owner's call (checked by the services' handler), the app
    // quit the usual way and opened again, never with `--restaurar` a second time.
    expect(await h.invoke('app:relaunch', {})).toEqual({ ok: true, value: { relaunching: true } });
    expect(h.fake.app.relaunches).toEqual([{ args: [] }]);
    await new Promise((r) => setImmediate(r));
    expect(h.fake.app.quitCalls).toBeGreaterThanOrEqual(1);
    expect(withoutRestoreArg(['.', '--restaurar', 'x.sqlite', '--dev', '--restaurar=y'])).toEqual([
      '.',
      '--dev',
    ]);

    // Chosen, then the copy damaged before the next start: said so, the ledger left as it was.
    const again = Ledger.open(file);
    addCharges(again, 10, 2);
    again.close();
    expect(chooseRestore(dataDir, backups, path.basename(copy.file)).ok).toBe(true);
    writeFileSync(copy.file, 'not a ledger');
    const h2 = await startHarness({ dataDir, singleInstance: true });
    expect(h2.shell).not.toBeNull();
    expect(h2.fake.dialog.errors).toEqual([expect.stringMatching(/^Não foi possível restaurar/)]);
    const kept = Ledger.open(file);
    expect(count(kept)).toBe(5);
    kept.close();
  });
});
