import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../shared/history';
import { openApp, type AppSession } from '../helpers/app-session';
import { shot } from '../helpers/browser';
import { payer } from '../helpers/core';

// Histórico with a busy day: 1,200 charges made through the app's own IPC, then read back in
// Chromium page by page and in the CSV the cashier downloads.
const N = 1_200;
let app: AppSession;
let page: Page;
const created: HistoryRow[] = [];

beforeAll(async () => {
  app = await openApp();
  page = app.page;
  const make = async (i: number) => {
    const r = await app.host.call<HistoryRow>('charges:create', {
      amountCents: 10_000 + i,
      description: i === 7 ? '=HYPERLINK("http://evil.example/?x","clique")' : `Pedido ${i}`,
      payer,
    });
    if (!r.ok) throw new Error(r.message);
    created.push(r.value);
  };
  // A few at a time, as several cashiers would.
  for (let i = 0; i < N; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, N - i) }, (_, k) => make(i + k)));
}, 600_000);
afterAll(() => app?.close());

const idsOnPage = () =>
  page
    .locator('table.history tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-charge-id')!));

describe('Histórico without a cap', () => {
  it('lists all 1,200 charges of the day across its pages', async () => {
    await page.getByRole('button', { name: 'Histórico' }).click();
    const pager = page.getByTestId('history-pager');
    await expect.poll(() => pager.textContent()).toBe(`Página 1 de 24 · ${N} cobranças`);
    const seen = new Set<string>();
    for (let p = 1; p <= 24; p++) {
      await expect.poll(() => pager.textContent()).toContain(`Página ${p} de 24`);
      await expect.poll(async () => (await idsOnPage()).length).toBe(50);
      for (const id of await idsOnPage()) seen.add(id);
      if (p < 24) await page.getByRole('button', { name: 'Próxima' }).click();
    }
    await page.screenshot({ path: shot('historico-paginas') });
    expect(seen.size).toBe(N);
    expect([...seen].sort()).toEqual(created.map((c) => c.externalId).sort());
    expect(await page.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
  });

  it('the CSV holds every charge, with ids and escaped formulas', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(N + 1);
    const ids = new Set(lines.slice(1).map((l) => l.split(';')[0]));
    expect(ids.size).toBe(N);
    for (const c of created) expect(ids.has(c.externalId)).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?x"",""clique"")"`);
    expect(csv).not.toMatch(/;=HYPERLINK/);
  });

  it('finds a charge by amount, by description or by id; shows its detail with the status history', async () => {
    const search = page.getByLabel('Buscar');
    const rows = page.locator('table.history tbody tr');
    await search.fill('104,21');
    await expect
      .poll(idsOnPage)
      .toEqual([created.find((c) => c.amountCents === 10_421)!.externalId]);
    await search.fill('Pedido 1199');
    await expect.poll(() => rows.count()).toBe(1);
    const one = created[500]!;
    await search.fill(one.externalId);
    await expect.poll(idsOnPage).toEqual([one.externalId]);
    await rows.first().getByRole('button', { name: 'Detalhes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(one.externalId);
    const steps = await dialog.locator('table tbody tr').allTextContents();
    expect(steps.join('\n')).toMatch(/Gerando cobrança… → Aguardando pagamento/);
    const detail = await app.host.call<{ charge: HistoryRow }>('history:detail', { id: one.id });
    expect(detail.ok && (await dialog.textContent())).toContain(
      detail.ok ? detail.value.charge.pspTransactionId : 'x',
    );
    await page.screenshot({ path: shot('historico-detalhe') });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await search.fill('');
    await expect
      .poll(() => page.getByTestId('history-pager').textContent())
      .toContain(`${N} cobranças`);
  });
});
