import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { shot } from '../helpers/browser';
import { chargeByKeyboard } from '../helpers/cashier';

// Issue 20, item 2, in Chromium through the development host (its embedded relay, the sandbox
// PSP): a payment notice signed with the wrong key is refused; the owner's notice says how many
// today and what to check, stays one notice under more refusals and comes back after a restart,
// and Saúde lists each with its reason and the ids it named.
const app = appPerFile({ width: 1280, height: 900 });

/** What a forger sends to the shop's callback URL: the PSP's headers, the wrong key. */
async function forged(url: string, transactionId: string) {
  const body = JSON.stringify({ transactionId, status: 'PAID', amount: 25.9 });
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', 'not-the-shop-secret')
        .update(`${ts}.${body}`)
        .digest('hex'),
      'x-event-id': randomUUID(),
    },
    body,
  });
  await res.body?.cancel();
}

describe('refused payment notices are seen', () => {
  it('wrong key: one notice with the count and what to check; Saúde lists the reason and ids', async () => {
    await chargeByKeyboard(app.page, '2590');
    await app.page
      .getByRole('status')
      .filter({ hasText: 'Aguardando pagamento' })
      .first()
      .waitFor();
    const [charge] = (await app.sb.control('GET', '/charges')).body as Array<{
      id: string;
      callbackUrl: string;
    }>;

    await forged(charge!.callbackUrl, charge!.id);
    const notice = app.page.getByRole('alert').filter({ hasText: 'recusado' });
    await notice
      .filter({ hasText: '1 aviso de pagamento recusado hoje — a assinatura não confere' })
      .waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('confira o segredo do webhook');
    // The forged PAID made nothing paid.
    expect(
      await app.page.getByRole('status').filter({ hasText: 'Aguardando pagamento' }).count(),
    ).toBeGreaterThan(0);
    await app.page.screenshot({ path: shot('refusals-1-aviso') });

    // More of them: still one notice, its count grown (gathered at the end of its window).
    for (let i = 0; i < 20; i++) await forged(charge!.callbackUrl, `guess-${i}`);
    await notice.filter({ hasText: '21 avisos de pagamento recusados hoje' }).waitFor({
      timeout: 20_000,
    });
    expect(await notice.count()).toBe(1);

    await app.page.getByRole('navigation').getByRole('button', { name: 'Saúde' }).click();
    await app.page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await app.page.keyboard.press('Enter');
    const list = app.page.getByRole('list', { name: 'Avisos de pagamento recusados' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(21);
    const oldest = items.last();
    expect(await oldest.textContent()).toContain('Assinatura não confere');
    expect(await oldest.textContent()).toContain('confira o segredo do webhook');
    expect(await oldest.textContent()).toContain(charge!.id);
    expect(await list.textContent()).not.toContain('{{');
    await app.page.screenshot({ path: shot('refusals-2-saude-lista') });

    // After a restart (here a reload) the owner's notice is back, with today's count.
    await app.page.reload();
    await app.page.getByLabel('Valor').waitFor();
    await notice.filter({ hasText: '21 avisos de pagamento recusados hoje' }).waitFor();
    expect(await notice.count()).toBe(1);
  }, 90_000);
});
