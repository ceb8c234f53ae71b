import net from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, OWNER_PIN, type AppSession } from '../helpers/app-session';
import { shot } from '../helpers/browser';
import { fakePrinter } from '../helpers/fake-printer';

// Saúde in Chromium through the development host (its embedded relay, the sandbox PSP, a
// loopback ESC/POS printer): the owner's panel lists every item, a stopped printer turns its
// line red with what to do and shows on the cashier's compact indicator, and green again.
let app: AppSession;
let page: Page;
let printer: Awaited<ReturnType<typeof fakePrinter>>;

beforeAll(async () => {
  printer = await fakePrinter();
  app = await openApp({ width: 1280, height: 900 }, [
    '--printer',
    `tcp://127.0.0.1:${printer.port}`,
  ]);
  page = app.page;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await printer?.close().catch(() => undefined);
});

describe('Saúde: the owner panel and the cashier indicator', () => {
  const line = (name: string) =>
    page.getByRole('list', { name: 'Saúde' }).getByRole('listitem').filter({ hasText: name });

  it('every item listed; a stopped printer red with what to do, on the Caixa too; back green', async () => {
    await page.getByRole('navigation').getByRole('button', { name: 'Saúde' }).click();
    await page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Saúde' }).waitFor();
    await line('Impressora').filter({ hasText: 'Responde' }).waitFor({ timeout: 15_000 });
    for (const name of [
      'Avisos de pagamento (relay)',
      'PSP',
      'Consulta de status',
      'Cofre de senhas',
      'Relógio',
      'Cobranças aguardando conferência',
      'Recebedor',
    ])
      expect(await line(name).count()).toBeGreaterThan(0);
    expect(await line('Avisos de pagamento (relay)').textContent()).toContain('Conectado');
    // Every line worded: no placeholder left unfilled.
    expect(await page.getByRole('list', { name: 'Saúde' }).textContent()).not.toContain('{{');
    expect(await line('PSP').first().textContent()).toContain('aceita as credenciais');

    const port = printer.port;
    await printer.close();
    await page.getByRole('button', { name: 'Verificar agora' }).click();
    await line('Impressora').filter({ hasText: 'Não responde' }).waitFor({ timeout: 15_000 });
    expect(await line('Impressora').textContent()).toContain('com problema');
    await page.screenshot({ path: shot('health-1-impressora-parada') });

    // The cashier sees it in one line, without the owner's screen.
    await page.getByRole('navigation').getByRole('button', { name: 'Caixa' }).click();
    const compact = page.getByRole('status', { name: 'Saúde do sistema' });
    await compact.filter({ hasText: 'Impressora: Não responde' }).waitFor();
    await page.screenshot({ path: shot('health-2-caixa-indicador') });

    const again = net.createServer((s) => s.resume());
    await new Promise<void>((r) => again.listen(port, '127.0.0.1', r));
    try {
      await page.getByRole('navigation').getByRole('button', { name: 'Saúde' }).click();
      await line('Impressora').filter({ hasText: 'Responde.' }).waitFor({ timeout: 15_000 });
      await page.getByRole('navigation').getByRole('button', { name: 'Caixa' }).click();
      await compact.filter({ hasText: 'Tudo certo para receber pagamentos' }).waitFor();
    } finally {
      await new Promise<void>((r) => again.close(() => r()));
    }
  }, 90_000);
});
