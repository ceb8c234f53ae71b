import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChargeView } from '../../shared/views';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { shot } from '../helpers/browser';
import { payer } from '../helpers/core';
import { waitFor } from '../helpers/sandbox';
import { pinIfAsked } from '../helpers/screens';
import { LOOKED_AT } from '../helpers/visual';

// Semana e mês (issue 36, Deliver 3 "beyond the day"): sales made through the app's own IPC and
// paid or canceled at the sandbox PSP, then read by the owner in Histórico as a chart of the
// last 7 days, with the numbers behind it one click away and in a CSV.
const app = appPerFile({ width: 1366, height: 768 });

describe('Histórico → Semana e mês', () => {
  it('two paid, one canceled: the chart says so, the numbers and the CSV hold the same', async () => {
    const { page, host, sb } = app;
    const made: ChargeView[] = [];
    for (const cents of [1500, 2500, 999]) {
      const r = await host.call<ChargeView>('charges:create', { amountCents: cents, payer });
      if (!r.ok) throw new Error(r.message);
      made.push(r.value);
    }
    const psp = (await sb.control('GET', '/charges')).body as Array<{
      id: string;
      externalId: string;
    }>;
    for (const c of made.slice(0, 2)) {
      const id = psp.find((p) => p.externalId === c.externalId)!.id;
      await sb.control('POST', `/charges/${id}/pay`);
    }
    expect((await host.call('charges:cancel', { id: made[2]!.id })).ok).toBe(true);
    await waitFor(async () => {
      const views = await Promise.all(
        made.slice(0, 2).map((c) => host.call<ChargeView>('charges:get', { id: c.id })),
      );
      return views.every((v) => v.ok && v.value.status === 'PAID');
    }, 20_000);

    await page.getByRole('button', { name: 'Histórico' }).click();
    await page.getByRole('button', { name: 'Semana e mês' }).click();
    const section = page.getByRole('region', { name: 'Semana e mês' });
    await section
      .getByText('Nos últimos 7 dias: 2 pagas (R$ 40,00), 0 expiradas, 1 canceladas.')
      .first()
      .waitFor();
    await section.getByRole('img', { name: /Nos últimos 7 dias: 2 pagas/ }).waitFor();
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      // The chart follows the window: no sideways scroll, the last day's bar inside the page.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - innerWidth))
        .toBeLessThanOrEqual(0);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`semana-e-mes-${width}x${height}`) });
    }

    await section.getByRole('button', { name: 'Ver os números' }).click();
    const rows = section.locator('table.series-numbers tbody tr');
    await expect.poll(() => rows.count()).toBe(7);
    const today = rows.last();
    expect((await today.locator('td').allTextContents()).slice(1)).toEqual([
      '2',
      'R$\u00a040,00',
      '0',
      '1',
      '0',
    ]);

    await section.getByLabel('Agrupar por').selectOption('operator');
    await section
      .locator('table.series-numbers tbody tr')
      .first()
      .getByText('Sem operador')
      .waitFor();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Exportar em CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFOperador;Pagas;Valor recebido;Expiradas;Canceladas;Outras (aguardando ou com falha)',
      'Sem operador;2;40,00;0;1;0',
    ]);
  });

  it('in English: the same chart in its words', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await pinIfAsked(page, page.getByLabel('Idioma'), OWNER_PIN);
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Settings saved.' });
    await pinIfAsked(page, saved, OWNER_PIN);
    await saved.waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Week and month' }).click();
    const section = page.getByRole('region', { name: 'Week and month' });
    await section
      .getByText('In the last 7 days: 2 paid (R$40.00), 0 expired, 1 canceled.')
      .first()
      .waitFor();
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`week-and-month-${width}x${height}`) });
    }
  });
});
