import { describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { shot } from '../helpers/browser';
import { chargeByKeyboard } from '../helpers/cashier';
import { openLocked } from '../helpers/screens';

// Operators in Debian's Chromium through the development host (issue 36): the owner adds Ana and
// Bia on Operadores; Ana enters with her PIN and sells; Bia takes over mid-charge (the charge
// still reaches Pago, tagged Ana); Histórico as Bia does not show Ana's payer; Fechar turno for
// Ana shows her sale; a wrong PIN is said in words.
const app = appPerFile({ width: 1366, height: 768 });
const page = () => app.page;

const pspCharges = async () =>
  (await app.sb.control('GET', '/charges')).body as Array<{ id: string; amount: number }>;

/** "Quem está no caixa?": her name, her PIN, Enter. */
async function enterAs(name: string, pin: string) {
  const prompt = page().getByRole('region', { name: 'Quem está no caixa?' });
  await prompt.getByRole('button', { name, exact: true }).click();
  await page().keyboard.type(pin);
  await page().keyboard.press('Enter');
}

describe('operators at the counter', () => {
  it('the owner adds Ana and Bia on Operadores (a bad PIN is refused in words)', async () => {
    // No operators yet: the menu is as before; the owner unlocked finds Operadores in it.
    expect(await page().getByRole('button', { name: 'Operadores' }).count()).toBe(0);
    await openLocked(
      page(),
      'Configurações',
      OWNER_PIN,
      page().getByRole('button', { name: 'Operadores' }),
    );
    await page().getByRole('button', { name: 'Operadores' }).click();
    await page().getByLabel('Nome', { exact: true }).waitFor();
    await page().getByLabel('Nome', { exact: true }).fill('Ana');
    await page().getByLabel('PIN (4 a 8 dígitos)').fill('11');
    await page().getByRole('button', { name: 'Adicionar operador' }).last().click();
    await page()
      .locator('#operator-new-pin-error')
      .filter({ hasText: 'O PIN deve ter de 4 a 8 dígitos.' })
      .waitFor();
    expect(await page().getByRole('row').count()).toBe(0);
    for (const [name, pin] of [
      ['Ana', '1111'],
      ['Bia', '2222'],
    ]) {
      await page().getByLabel('Nome', { exact: true }).fill(name!);
      await page().getByLabel('PIN (4 a 8 dígitos)').fill(pin!);
      await page().getByRole('button', { name: 'Adicionar operador' }).last().click();
      await page()
        .getByRole('status')
        .filter({ hasText: `${name} foi adicionado.` })
        .waitFor();
    }
    const rows = page().locator('.operators-table tbody tr');
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('Ana'),
      expect.stringContaining('Bia'),
    ]);
    await page().screenshot({ path: shot('operadores') });
    await page().getByRole('button', { name: 'Bloquear' }).click();
  });

  it('the Caixa asks who is at the counter; a wrong PIN is said in words; Ana enters and sells', async () => {
    await page().getByRole('button', { name: 'Caixa' }).click();
    const prompt = page().getByRole('region', { name: 'Quem está no caixa?' });
    await prompt.waitFor();
    expect(await page().getByLabel('Valor').count()).toBe(0);
    await enterAs('Ana', '2222');
    await prompt.getByRole('alert').filter({ hasText: 'PIN incorreto.' }).waitFor();
    await page().screenshot({ path: shot('operador-pin-errado') });
    await enterAs('Ana', '1111');
    await page().getByText('Operador: Ana').waitFor();
    await chargeByKeyboard(page(), '1234');
    await page().getByRole('img', { name: 'QR Code PIX' }).waitFor();
  });

  it('Bia takes over mid-charge with two clicks and her PIN: the QR stays, and it reaches Pago', async () => {
    await page().getByRole('button', { name: 'Trocar operador' }).click();
    // The prompt takes the form's place; the charge in progress stays on screen.
    await page().getByRole('region', { name: 'Quem está no caixa?' }).waitFor();
    await page().getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await page().screenshot({ path: shot('operador-troca-com-cobranca') });
    await enterAs('Bia', '2222');
    await page().getByText('Operador: Bia').waitFor();
    const sale = (await pspCharges()).at(-1)!;
    await app.sb.control('POST', `/charges/${sale.id}/pay`);
    await page()
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor({ timeout: 10_000 });
  });

  it('a PIN typed at once after Trocar operador rings no sale and counts no wrong PIN', async () => {
    // A new sale ready (the paid one cleared with Esc): the amount field has the cursor.
    await page().keyboard.press('Escape');
    await expect.poll(() => page().getByLabel('Valor').isEnabled()).toBe(true);
    const before = (await pspCharges()).length;
    const amount = await page().getByLabel('Valor').inputValue();
    // She does not wait for the prompt: the keys come while the switch is still on its way.
    await page().getByRole('button', { name: 'Trocar operador' }).click();
    await page().keyboard.type('2222');
    await page().keyboard.press('Enter');
    const prompt = page().getByRole('region', { name: 'Quem está no caixa?' });
    await prompt.waitFor();
    await enterAs('Bia', '2222');
    await page().getByText('Operador: Bia').waitFor();
    // Nothing rung with her PIN as an amount, nothing left in the amount field.
    expect((await pspCharges()).length).toBe(before);
    expect(await page().getByLabel('Valor').inputValue()).toBe(amount);
    expect(await page().getByRole('alert').filter({ hasText: 'PIN' }).count()).toBe(0);
  });

  it("Histórico as Bia does not show Ana's sale nor her payer's name", async () => {
    await page().getByRole('button', { name: 'Histórico' }).click();
    await page().getByText('Nenhuma cobrança', { exact: false }).first().waitFor();
    expect(await page().getByText('Ana Souza').count()).toBe(0);
    await page().screenshot({ path: shot('historico-como-bia') });
  });

  it('Fechar turno for Ana: her sale on screen, paid; the counter goes back to the prompt', async () => {
    await page().getByRole('button', { name: 'Caixa' }).click();
    await page().getByRole('button', { name: 'Trocar operador' }).click();
    await enterAs('Ana', '1111');
    await page().getByRole('button', { name: 'Fechar turno' }).click();
    await page()
      .getByRole('dialog', { name: 'Fechar turno' })
      .getByRole('button', { name: 'Fechar turno' })
      .click();
    const summary = page().getByRole('dialog', { name: 'Fechamento do turno — Ana' });
    await summary.waitFor();
    const row = (label: string) => summary.getByRole('row', { name: label });
    expect(await row('Vendas (cobranças criadas)').textContent()).toMatch(/1\s*R\$\s12,34/);
    expect(await row('Pagas (recebido)').textContent()).toMatch(/1\s*R\$\s12,34/);
    await page().screenshot({ path: shot('fechar-turno') });
    await summary.getByRole('button', { name: 'Fechar', exact: true }).click();
    await page().getByRole('region', { name: 'Quem está no caixa?' }).waitFor();
  });

  it('the owner sees the sale in Histórico with its operator, Ana', async () => {
    await openLocked(page(), 'Operadores', OWNER_PIN, page().getByLabel('Nome', { exact: true }));
    await page().getByRole('button', { name: 'Histórico' }).click();
    const sale = page().locator('table.history tbody tr').first();
    await sale.waitFor();
    expect(await sale.textContent()).toContain('Ana Souza');
    expect(await sale.locator('td').nth(9).textContent()).toBe('Ana');
  });

  it('Fechamento do dia shows the day by operator (Ana’s block) and by terminal', async () => {
    const closing = page().getByRole('region', { name: 'Fechamento do dia' });
    await closing.getByRole('heading', { name: 'Por operador' }).waitFor();
    const ana = closing.getByRole('table', { name: 'Operador: Ana' });
    expect(await ana.getByRole('row', { name: /^Recebido/ }).textContent()).toMatch(
      /1\s*R\$\s12,34/,
    );
    await closing.getByRole('heading', { name: 'Por terminal' }).scrollIntoViewIfNeeded();
    await page().screenshot({ path: shot('fechamento-por-operador'), fullPage: true });
  });

  it('Bia disabled by the owner while her shift is open: the counter says so at her next action', async () => {
    await page().getByRole('button', { name: 'Bloquear' }).click();
    await page().getByRole('button', { name: 'Caixa' }).click();
    await enterAs('Bia', '2222');
    await page().getByText('Operador: Bia').waitFor();
    await openLocked(page(), 'Operadores', OWNER_PIN, page().getByLabel('Nome', { exact: true }));
    const bia = page().locator('.operators-table tbody tr', { hasText: 'Bia' });
    await bia.getByRole('button', { name: 'Desativar' }).click();
    await bia.getByRole('button', { name: 'Reativar' }).waitFor();
    await page().getByRole('button', { name: 'Bloquear' }).click();
    await page().getByRole('button', { name: 'Caixa' }).click();
    const prompt = page().getByRole('region', { name: 'Quem está no caixa?' });
    await prompt
      .getByRole('alert')
      .filter({ hasText: 'Operador desativado pelo proprietário' })
      .waitFor();
    expect(await prompt.getByRole('button', { name: 'Bia', exact: true }).count()).toBe(0);
    await page().screenshot({ path: shot('operador-desativado') });
  });
});
