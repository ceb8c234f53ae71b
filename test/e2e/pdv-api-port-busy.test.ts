import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { LOOKED_AT } from '../helpers/visual';
import { pinIfAsked } from '../helpers/screens';
import { openApp, OWNER_PIN, type AppSession } from '../helpers/app-session';

// Another program holds the port the owner chose for the PDV's local API: the PDV page says so
// in words, with what to do, instead of only "Desligada" (issue 34, D5).
let app: AppSession;
let squatter: Server;
let port: number;

beforeAll(async () => {
  squatter = createServer();
  await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', r));
  port = (squatter.address() as { port: number }).port;
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
  if (squatter.listening) await new Promise((r) => squatter.close(r));
});

describe('the local API on a busy port', () => {
  it('says the port is in use by another program; freed and saved again, it listens', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Integração com o PDV' }).click();
    // The PIN dialog comes a moment after the click: waited for, not looked for once.
    const heading = page.getByRole('heading', { level: 1, name: 'Integração com o PDV' });
    await pinIfAsked(page, heading, OWNER_PIN);
    await heading.waitFor();
    await page.getByLabel('API local ligada').check();
    await page.getByLabel('Porta da API local').fill(String(port));
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    // Beside Salvar, where the owner is looking (not "salva"), and on the API's status line.
    const problem = page.getByTestId('pdv-api-problem-saved');
    await problem.waitFor();
    expect(await page.getByText('Configuração do PDV salva.').count()).toBe(0);
    expect(await page.getByTestId('pdv-api-problem').textContent()).toContain(`porta ${port}`);
    expect(await problem.textContent()).toContain(
      `A porta ${port} já está em uso por outro programa`,
    );
    expect(await problem.textContent()).toContain('escolha outra porta');
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      // The reason is read whole, without a horizontal scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await problem.scrollIntoViewIfNeeded();
      const box = (await problem.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shot(`pdv-api-port-busy-${width}x${height}`) });
    }

    await new Promise((r) => squatter.close(r));
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(() => page.getByText(`Ouvindo em http://127.0.0.1:${port}`).count()).toBe(1);
    expect(await problem.count()).toBe(0);
    expect(await page.getByTestId('pdv-api-problem').count()).toBe(0);
  }, 60_000);
});
