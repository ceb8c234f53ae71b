import type { Browser, Page } from 'playwright-core';

/**
 * The customer display opened beside the Caixa, returned once it is live. Its window hears
 * charge updates only after its own chunk has loaded and its bridge's socket is open (the
 * development host's bridge connects on the first call or subscription), and on loading it asks
 * only for a charge still in progress: a sale created and paid before that never reaches it and
 * it stays on "Aguardando". On a loaded machine the lazy chunk took longer than a whole sale
 * (paid-amount.test.ts failed so, on main and on the reverted branch y alike).
 */
export async function openCustomerDisplay(browser: Browser, hostUrl: string): Promise<Page> {
  const customer = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await customer.goto(hostUrl.replace('/#token=', '/#/cliente&token='));
  // Rendered: its effect subscribed to charges:updated. One call through the same bridge:
  // the socket those updates come on is open.
  await customer.locator('main.customer').waitFor({ timeout: 15_000 });
  await customer.evaluate(async () => {
    const api = (window as unknown as { balcao: { app: { info(i: object): Promise<unknown> } } })
      .balcao;
    await api.app.info({});
  });
  return customer;
}
