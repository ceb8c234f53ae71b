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

  it('review is frozen, Confirmar saque asks the PIN again, then the PSP completes it live', async () => {
    await page.getByLabel('Chave PIX').fill('loja@padaria.com.br');
    await page.getByRole('button', { name: 'Revisar saque' }).click();
    const review = page.getByRole('region', { name: 'Confirmação do saque' });
    await review.getByText('R$ 50,00').waitFor();
    await review.getByText('E-mail loj***.br').waitFor();
    // The balance after (the sandbox starts at R$ 1.000,00) and no fee invented.
    await review.getByText('R$ 950,00').waitFor();
    // Frozen: the fields cannot change what is being confirmed.
    expect(await page.getByLabel('Chave PIX').isDisabled()).toBe(true);
    expect(await page.getByLabel('Valor do saque').isDisabled()).toBe(true);
    await page.screenshot({ path: shot('saque-revisao'), fullPage: true });
    await review.getByRole('button', { name: 'Confirmar saque' }).click();
    const dialog = page.getByRole('dialog', { name: 'PIN do proprietário' });
    await dialog.getByLabel('PIN', { exact: true }).fill('0000');
    await page.keyboard.press('Enter');
    await dialog.getByText('PIN incorreto.').waitFor();
    expect(await pspWithdrawals()).toEqual([]);
    await dialog.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saque enviado ao PSP' }).waitFor();
    const row = page.getByRole('region', { name: 'Saques' }).locator('tbody tr').first();
    await row.getByText('Em processamento').waitFor();
    const sent = await pspWithdrawals();
    expect(sent.map((w) => w.amount)).toEqual([50]);
    expect(
      await page.getByRole('status').filter({ hasText: 'Saque enviado ao PSP' }).textContent(),
    ).toContain(sent[0]!.id);
    // Emptied so the same withdrawal cannot be sent twice by a second Enter.
    expect(await page.getByLabel('Chave PIX').inputValue()).toBe('');
    await sb.control('POST', `/withdrawals/${sent[0]!.id}/complete`);
    await row.getByText('Concluído').waitFor({ timeout: 5000 });
    await page.screenshot({ path: shot('saque-concluido'), fullPage: true });
  });
});

describe('Infrações (MED)', () => {
  const rowOf = (id: string) =>
    page.getByRole('row').filter({ has: page.getByRole('button', { name: `Detalhes de ${id}` }) });

  it('a table with words for statuses, a MED deadline, and a defense shown as sent', async () => {
    await page.getByRole('button', { name: 'Infrações (MED)' }).click();
    await rowOf('inf-0001').waitFor();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await rowOf('inf-0011').waitFor();
    await page.getByRole('button', { name: 'Anterior' }).click();
    const row = rowOf('inf-0001');
    await row.getByText('Aguardando sua defesa').waitFor();
    // No deadline in the record: 7 calendar days from creation, said to be an estimate.
    await row.getByText('estimado: 7 dias da abertura').waitFor();
    await rowOf('inf-0002').getByText('Aceita').waitFor();
    await page.screenshot({ path: shot('infracoes-tabela'), fullPage: true });
    await row.getByRole('button', { name: 'Defender inf-0001' }).click();
    const form = page.getByRole('form', { name: 'Defesa inf-0001' });
    await form.getByLabel('Justificativa').fill('curta');
    await form.getByRole('button', { name: 'Enviar defesa' }).click();
    await form.getByText('A justificativa deve ter de 10 a 2000 caracteres.').waitFor();
    await form
      .getByLabel('Justificativa')
      .fill('O cliente retirou a mercadoria; nota fiscal anexa.');
    await form.getByLabel('Provas (URLs)').fill('https://padaria.example/nf/123.pdf');
    await form.getByRole('button', { name: 'Enviar defesa' }).click();
    await page.getByRole('status').filter({ hasText: 'Defesa enviada para inf-0001.' }).waitFor();
    await row.getByText('Defesa enviada').waitFor();
    expect(await row.getByRole('button', { name: 'Defender inf-0001' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Detalhes de inf-0001' }).click();
    const detail = page.getByRole('region', { name: 'Infração inf-0001' });
    await detail.getByText('Contestar (não concordo)').waitFor();
    await detail.getByText('O cliente retirou a mercadoria; nota fiscal anexa.').waitFor();
    await detail.getByText('https://padaria.example/nf/123.pdf').waitFor();
    await detail.getByText('Aberta em').waitFor();
    await page.screenshot({ path: shot('infracoes-defesa'), fullPage: true });
  });
});

describe('no raw wire names on owner screens (pt-BR, sandbox data)', () => {
  // Wire keys and enums that must reach the owner only as words.
  const FORBIDDEN = [
    'withdrawal_rate',
    'rate_fixed',
    'min_withdrawal',
    'max_withdrawal',
    'usdt_rate',
    'WAITING_PSP',
    'ACCEPTED',
    'REJECTED',
    'CANCELLED',
    'DISAGREED',
    'AGREED',
    'EVP',
    'EMAIL',
    'PHONE',
    'PROCESSING',
    'COMPLETED',
    'SUBMITTING',
    'transactionId',
    'infractionId',
    'createdAt',
    'available',
    'undefined',
    'NaN',
    '[object Object]',
  ];
  it.each([
    ['Saldo', 'balance-text'],
    ['Taxas cripto', 'fees-text'],
    ['Saque PIX', 'withdraw-text'],
    ['Infrações (MED)', 'infractions-text'],
  ])('%s', async (screen, name) => {
    await page.getByRole('button', { name: screen, exact: true }).click();
    await page.getByRole('heading', { name: screen }).waitFor();
    if (screen === 'Infrações (MED)') {
      await page.getByRole('button', { name: 'Detalhes de inf-0001' }).click();
      await page.getByRole('region', { name: 'Infração inf-0001' }).waitFor();
    }
    if (screen === 'Taxas cripto') await page.getByText('Cotação USDT').waitFor();
    if (screen === 'Saldo') await page.getByText('Disponível').waitFor();
    if (screen === 'Saque PIX')
      await page.getByRole('region', { name: 'Saques' }).locator('tbody tr').first().waitFor();
    const text = await page.locator('main').innerText();
    await page.screenshot({ path: shot(`owner-${name}`), fullPage: true });
    expect(FORBIDDEN.filter((w) => text.includes(w))).toEqual([]);
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

  it('Cofre de senhas do sistema is kept for the next start; a kept copy is restored only after a confirmation naming it', async () => {
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await page.getByLabel('Cofre de senhas do sistema').selectOption('napi-keyring');
    await page.getByText('A troca vale a partir da próxima vez que o Balcão abrir.').waitFor();
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    await page.getByRole('button', { name: 'Caixa' }).click();
    await page.getByRole('button', { name: 'Configurações', exact: true }).click();
    expect(await page.getByLabel('Cofre de senhas do sistema').inputValue()).toBe('napi-keyring');
    await page.getByLabel('Cofre de senhas do sistema').selectOption('keytar');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();

    // The copy taken at this start (daily), listed with Restaurar.
    const copies = page.getByRole('region', { name: 'Cópias do livro de cobranças' });
    const row = copies.getByTestId('backup-row').first();
    await row.getByText('diária').waitFor();
    await row.getByRole('button', { name: /^Restaurar a cópia de / }).click();
    // Named by its date and its sales (none yet when this start's copy was taken).
    const dialog = page.getByRole('dialog', {
      name: /^Restaurar a cópia de \d\d\/\d\d\/\d{4}, [\d:]+, (com \d+ vendas?|sem nenhuma venda)\?$/,
    });
    await dialog.waitFor();
    await page.screenshot({ path: shot('configuracoes-restaurar'), fullPage: true });
    await page.keyboard.press('Escape'); // nothing chosen
    await dialog.waitFor({ state: 'detached' });
    expect(await copies.getByTestId('backup-pending').count()).toBe(0);
    await row.getByRole('button', { name: /^Restaurar a cópia de / }).click();
    await dialog.getByRole('button', { name: 'Restaurar ao abrir' }).click();
    const pending = copies.getByTestId('backup-pending');
    await pending.getByText(/será restaurada na próxima vez que o Balcão abrir/).waitFor();
    await pending.getByRole('button', { name: 'Não restaurar' }).click();
    await pending.waitFor({ state: 'detached' });
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
    // Screen readers choose their voice by <html lang>: it follows the language, after a reload too.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  });
});
