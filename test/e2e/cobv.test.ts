import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { businessDayFrom } from '../../shared/domain/business-days';
import { addDays, dayNumber, shopDate } from '../../shared/domain/cobv';
import { apiPixSandbox } from '../helpers/api-pix';
import { apiPixHost, forgetSecrets, saveApiPix } from '../helpers/api-pix-host';
import { openPage, shot } from '../helpers/browser';
import { perFile } from '../helpers/per-file';
import { pinIfAsked } from '../helpers/screens';
import { LOOKED_AT } from '../helpers/visual';

// `Com vencimento` (issue 37) as a cashier does it in Chromium through the development host,
// against the API Pix sandbox over mutual TLS: wrong terms answered in words under their fields,
// a cobv created and its QR verified, the sandbox's clock moved three days past the due date,
// paid with fine and interest, and the Caixa says Pago with them.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const PIN = '4826';
const DAY = 86_400_000;
let offset = 0;

const app = perFile(async (own) => {
  const sb = own(await apiPixSandbox({ now: () => Date.now() + offset }));
  const host = own(await apiPixHost(sb, service));
  if (hasSecretService)
    await saveApiPix(
      host,
      sb,
      PIN,
      undefined,
      'cob.write cob.read cobv.write cobv.read pix.write pix.read webhook.write webhook.read',
    );
  const { page } = own(await openPage(host.url, { width: 1280, height: 1100 }));
  return { sb, page };
}, 90_000);
afterAll(() => forgetSecrets(service));

describe.skipIf(!hasSecretService)('Com vencimento (API Pix cobv) end to end', () => {
  it('wrong terms in words; then created, paid 3 days late with fine and interest: Pago, com multa e juros', async () => {
    const { page, sb } = app;
    const today = shopDate(Date.now());
    await page.getByLabel('Validade').selectOption('cobv');
    await page.getByLabel('Vencimento', { exact: true }).fill(addDays(today, -1));
    await page.getByLabel('Multa por atraso (%)').fill('2');
    await page.getByLabel('Juros (% ao mês)').fill('1');
    await page.getByLabel('Valor', { exact: true }).focus();
    await page.keyboard.type('10000');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'O vencimento não pode ser antes de hoje.' }).waitFor();
    await page.getByLabel('Vencimento', { exact: true }).fill(today);
    await page.getByLabel('Multa por atraso (%)').fill('10');
    await page.keyboard.press('Enter');
    await alert
      .filter({ hasText: 'A multa por atraso vai de 0 a 2% (Código de Defesa do Consumidor).' })
      .waitFor();
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: shot(`cobv-form-erro-${width}x${height}`), fullPage: true });
      // With the five terms open and an error under one, `Cobrar` is on screen, not below it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const cobrar = (await page.getByRole('button', { name: 'Cobrar' }).boundingBox())!;
      expect(cobrar.y + cobrar.height, `${width}x${height}`).toBeLessThanOrEqual(height);
    }
    await page.setViewportSize({ width: 1280, height: 1100 });
    expect([...sb.state.cobs.values()].filter((c) => c.cobv)).toEqual([]);

    await page.getByLabel('Multa por atraso (%)').fill('2');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor({ timeout: 20_000 });
    const cobv = [...sb.state.cobs.values()].find((c) => c.cobv)!;
    expect(cobv.cobv!.terms).toMatchObject({ dueDate: today, finePct: 200, interestPctMonth: 100 });
    expect(cobv.devedor).toMatchObject({ nome: 'Consumidor' });
    await page.screenshot({ path: shot('cobv-qr') });

    // Three days after the due date: R$ 100,00 + 2 % + 1 % a month × 3/30 = R$ 102,10. A due
    // date on a weekend or holiday counts from the next business day (the spec), so from there.
    offset = (dayNumber(businessDayFrom(today))! - dayNumber(today)! + 3) * DAY;
    const paid = await sb.control('POST', `/pay/${cobv.txid}`);
    expect(paid.body.valor).toBe('102.10');
    // No webhook here: the status query (2, 4, 8, 15, 30 s…) finds it.
    const pago = page.getByRole('region', { name: 'Pago', exact: true });
    await pago.waitFor({ timeout: 70_000 });
    await pago.getByText(/com multa e juros de R\$\s2,10/).waitFor();
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: shot(`cobv-pago-com-juros-${width}x${height}`) });
    }
    await page.setViewportSize({ width: 1280, height: 1100 });

    // A devolução of a paid cobv goes to the PSP and ends Devolvido, like any Pix.
    await pago.getByRole('button', { name: 'Devoluções' }).click();
    await page.getByLabel('Valor a devolver').fill('10,00');
    await page.getByRole('button', { name: 'Devolver', exact: true }).click();
    const pin = page.getByRole('dialog', { name: 'PIN do proprietário' });
    await pinIfAsked(page, page.getByRole('status', { name: /Devolução de R\$\s10,00/ }), PIN);
    await pin.waitFor({ state: 'detached' });
    await page
      .getByRole('status', { name: /Devolução de R\$\s10,00/ })
      .filter({ hasText: 'Devolvido' })
      .waitFor({ timeout: 30_000 });
    expect(cobv.pix[0]!.devolucoes.map((d) => [d.valorCents, d.status])).toEqual([
      [1000, 'DEVOLVIDO'],
    ]);
    await page.keyboard.press('Escape');

    // Histórico's detail states the terms the payer was given.
    await page.getByRole('button', { name: 'Histórico' }).click();
    await pinIfAsked(page, page.getByRole('button', { name: 'Detalhes' }).first(), PIN);
    await page.getByRole('button', { name: 'Detalhes' }).first().click();
    const detail = page.getByRole('dialog', { name: /Cobrança de R\$\s100,00/ });
    const [y, m, d] = today.split('-');
    await detail
      .getByText(
        new RegExp(`${d}/${m}/${y} · multa de 2% · juros de 1% ao mês · pagável até \\d\\d/`),
      )
      .waitFor();
    await page.screenshot({ path: shot('cobv-historico-detalhe') });
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('button', { name: 'Caixa', exact: true }).click();
  });

  it('in English: the form and its errors', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await pinIfAsked(page, page.getByLabel('Idioma'), PIN);
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Settings saved.' });
    await pinIfAsked(page, saved, PIN);
    await saved.waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByLabel('Validity').selectOption('cobv');
    await page.getByLabel('Due date', { exact: true }).fill(shopDate(Date.now()));
    await page.getByLabel('Interest (% a month)').fill('3');
    await page.getByLabel('Amount', { exact: true }).focus();
    await page.keyboard.type('5000');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Interest goes from 0 to 1% a month.' })
      .waitFor();
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: shot(`cobv-form-en-${width}x${height}`), fullPage: true });
    }
  });
});
