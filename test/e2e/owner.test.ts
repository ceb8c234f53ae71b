import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import type { TestSandbox } from '../helpers/sandbox';
import { openApp, OWNER_PIN, type AppSession } from '../helpers/app-session';

// The owner's screens in Debian's Chromium: a PIX withdrawal followed live, a MED defense,
// settings saved and the interface switched to English.
let app: AppSession;
let sb: TestSandbox;
let page: Page;

beforeAll(async () => {
  app = await openApp({ width: 1280, height: 900 });
  ({ sb, page } = app);
  await page.getByRole('button', { name: 'Saque PIX' }).click();
  await page.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
  await page.keyboard.press('Enter');
  await page.getByLabel('Chave PIX').waitFor();
});
afterAll(() => app?.close());

const pspWithdrawals = async () =>
  (
    (await sb.control('GET', '/charges')).body as Array<{
      kind: string;
      id: string;
      amount: number;
    }>
  ).filter((c) => c.kind === 'withdrawal');

describe('Saque PIX', () => {
  it('a wrong key is explained and nothing reaches the PSP', async () => {
    await page.getByLabel('Tipo de chave').selectOption('EMAIL');
    await page.getByLabel('Chave PIX').fill('loja@');
    await page.getByLabel('Valor do saque').fill('50,00');
    await page.getByRole('button', { name: 'Revisar saque' }).click();
    await page.getByRole('alert').filter({ hasText: 'Chave PIX inválida' }).waitFor();
    expect(await page.getByRole('region', { name: 'Confirmação do saque' }).count()).toBe(0);
    expect(await pspWithdrawals()).toEqual([]);
  });

  it('review, confirm, then the PSP completes it and the list says so without a reload', async () => {
    await page.getByLabel('Chave PIX').fill('loja@padaria.com.br');
    await page.getByRole('button', { name: 'Revisar saque' }).click();
    const review = page.getByRole('region', { name: 'Confirmação do saque' });
    await review.getByText('Sacar R$ 50,00 para a chave EMAIL loja@padaria.com.br?').waitFor();
    await page.screenshot({ path: shot('saque-revisao') });
    await review.getByRole('button', { name: 'Confirmar saque' }).click();
    const row = page.locator('.plain-list li').first();
    await row.getByText('Em processamento').waitFor();
    const sent = await pspWithdrawals();
    expect(sent.map((w) => w.amount)).toEqual([50]);
    // Emptied so the same withdrawal cannot be sent twice by a second Enter.
    expect(await page.getByLabel('Chave PIX').inputValue()).toBe('');
    await sb.control('POST', `/withdrawals/${sent[0]!.id}/complete`);
    await row.getByText('Concluído').waitFor({ timeout: 5000 });
    await page.screenshot({ path: shot('saque-concluido') });
  });
});

describe('Infrações (MED)', () => {
  it('pages through the list and sends a defense for one waiting on the shop', async () => {
    await page.getByRole('button', { name: 'Infrações (MED)' }).click();
    await page.getByText('inf-0001').waitFor();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await page.getByText('inf-0011').waitFor();
    await page.getByRole('button', { name: 'Anterior' }).click();
    const item = page.locator('li').filter({ hasText: 'inf-0001' });
    await item.getByRole('button', { name: 'Defender' }).click();
    const form = page.getByRole('form', { name: 'Defesa inf-0001' });
    await form
      .getByLabel('Justificativa')
      .fill('O cliente retirou a mercadoria; nota fiscal anexa.');
    await form.getByLabel('Provas (URLs)').fill('https://padaria.example/nf/123.pdf');
    await form.getByRole('button', { name: 'Enviar defesa' }).click();
    await page.getByRole('status').filter({ hasText: 'Defesa enviada para inf-0001.' }).waitFor();
    await item.getByText('(defesa enviada)').waitFor();
    expect(await item.getByRole('button', { name: 'Defender' }).count()).toBe(0);
    await page.screenshot({ path: shot('infracoes-defesa') });
  });
});

describe('Configurações', () => {
  it('PSP compatibility: a wrong value is refused naming its field; a right one is kept', async () => {
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await page.getByText('Compatibilidade do PSP (avançado)').click();
    const tolerance = page.getByLabel('Tolerância de horário (segundos)');
    expect(await tolerance.inputValue()).toBe('300');
    await tolerance.fill('0');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Configuração inválida em “Tolerância de horário (segundos)”' })
      .waitFor();
    await tolerance.fill('120');
    await page.getByLabel('Cabeçalho da assinatura do callback').fill('x-assinatura');
    await page
      .getByLabel('Impressora do sistema (nome; vazio = a padrão)')
      .fill('Bematech MP-4200');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    await page.screenshot({ path: shot('configuracoes-compat'), fullPage: true });
    // Read back from the app, not from the form.
    await page.getByRole('button', { name: 'Caixa' }).click();
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await page.getByText('Compatibilidade do PSP (avançado)').click();
    expect(await page.getByLabel('Tolerância de horário (segundos)').inputValue()).toBe('120');
    expect(await page.getByLabel('Cabeçalho da assinatura do callback').inputValue()).toBe(
      'x-assinatura',
    );
    expect(
      await page.getByLabel('Impressora do sistema (nome; vazio = a padrão)').inputValue(),
    ).toBe('Bematech MP-4200');
  });

  it('saves the terminal name and switches the interface to English, and back', async () => {
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await page.getByLabel('Nome do terminal').fill('Caixa 2');
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await page.getByRole('button', { name: 'Checkout' }).waitFor();
    await page.locator('.app-header').getByText('Minha loja · Caixa 2').waitFor();
    await page.screenshot({ path: shot('settings-en'), fullPage: true });
    await page.reload();
    await page.getByLabel('Amount').waitFor();
    await page.getByText('Caixa 2').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
  });
});
