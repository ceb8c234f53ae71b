import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../shared/history';
import { openApp, type AppSession } from '../helpers/app-session';
import { payer } from '../helpers/core';
import { cp860Lines, fakePrinter } from '../helpers/fake-printer';
import { waitFor } from '../helpers/sandbox';

// `Fechamento do dia` from Histórico, with an ESC/POS network printer configured (the
// development host's --printer): the closing goes to the printer, as the screen shows it.
let app: AppSession;
let printer: Awaited<ReturnType<typeof fakePrinter>>;
beforeAll(async () => {
  printer = await fakePrinter();
  app = await openApp(undefined, ['--printer', `tcp://127.0.0.1:${printer.port}`]);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await printer?.close();
});

describe('Fechamento do dia on an ESC/POS printer', () => {
  it('prints the closing the screen shows: Recebido with the paid charge, Pago em outro dia, a cut', async () => {
    const c = await app.host.call<HistoryRow>('charges:create', { amountCents: 2_750, payer });
    if (!c.ok) throw new Error(c.message);
    const detail = await app.host.call<{ charge: HistoryRow }>('history:detail', {
      id: c.value.id,
    });
    if (!detail.ok) throw new Error(detail.message);
    await app.sb.control('POST', `/charges/${detail.value.charge.pspTransactionId}/pay`);

    const { page } = app;
    await page.getByRole('button', { name: 'Histórico' }).click();
    const closing = page.getByRole('region', { name: 'Fechamento do dia' });
    const row = (label: string) =>
      closing.getByRole('row', { name: new RegExp(`^${label}`) }).first();
    await expect.poll(() => row('Recebido').textContent()).toMatch(/^Recebido1R\$\s27,50$/);
    // Its zero lines are shown on request; the paper has every line.
    await closing.getByRole('button', { name: /Ver todas as linhas/ }).click();
    const onScreen = (await row('Pago em outro dia').locator('td').allTextContents()).join('  ');

    await page.getByRole('button', { name: 'Fechamento do dia' }).click();
    const job = await waitFor(() => printer.jobs[0]);
    const lines = cp860Lines(job);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp('^Recebido +1 {2}R\\$ 27,50$')));
    expect(lines).toContainEqual(
      // On paper the no-break space of R$ is a plain space (blank in any code page).
      expect.stringMatching(
        new RegExp(`^Pago em outro dia +${onScreen.replace('$', '\\$').replace(/\u00a0/g, ' ')}$`),
      ),
    );
    // The cut (GS V 0).
    expect(job.includes(Buffer.from([0x1d, 0x56, 0x00]))).toBe(true);
    // Nothing else to print: no page went to the browser's print.
    expect(printer.jobs).toHaveLength(1);
  });
});
