import { beforeAll, describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { openLocked, settingsSection } from '../helpers/screens';

// The owner's screens in Debian's Chromium: a PIX withdrawal followed live, a MED defense,
// settings saved and the interface switched to English.
const app = appPerFile({ width: 1280, height: 900 });
beforeAll(() => openLocked(app.page, 'Saque PIX', OWNER_PIN, app.page.getByLabel('Chave PIX')));

const pspWithdrawals = async () =>
  (
    (await app.sb.control('GET', '/charges')).body as Array<{
      kind: string;
      id: string;
      amount: number;
    }>
  ).filter((c) => c.kind === 'withdrawal');

describe('Saque PIX', () => {
  it('a wrong key is explained and nothing reaches the PSP', async () => {
    await app.page.getByLabel('Tipo de chave').selectOption('EMAIL');
    await app.page.getByLabel('Chave PIX').fill('loja@');
    await app.page.getByLabel('Valor do saque').fill('50,00');
    await app.page.getByRole('button', { name: 'Revisar saque' }).click();
    await app.page.getByRole('alert').filter({ hasText: 'Chave PIX inválida' }).waitFor();
    expect(await app.page.getByRole('region', { name: 'Confirmação do saque' }).count()).toBe(0);
    expect(await pspWithdrawals()).toEqual([]);
  });

  it('review is frozen, Confirmar saque asks the PIN again, then the PSP completes it live', async () => {
    await app.page.getByLabel('Chave PIX').fill('loja@padaria.com.br');
    await app.page.getByRole('button', { name: 'Revisar saque' }).click();
    const review = app.page.getByRole('region', { name: 'Confirmação do saque' });
    await review.getByText('R$ 50,00').waitFor();
    await review.getByText('E-mail loj***.br').waitFor();
    // The balance after (the sandbox starts at R$ 1.000,00) and no fee invented.
    await review.getByText('R$ 950,00').waitFor();
    // Frozen: the fields cannot change what is being confirmed.
    expect(await app.page.getByLabel('Chave PIX').isDisabled()).toBe(true);
    expect(await app.page.getByLabel('Valor do saque').isDisabled()).toBe(true);
    await app.page.screenshot({ path: shot('saque-revisao'), fullPage: true });
    await review.getByRole('button', { name: 'Confirmar saque' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'PIN do proprietário' });
    await dialog.getByLabel('PIN', { exact: true }).fill('0000');
    await app.page.keyboard.press('Enter');
    await dialog.getByText('PIN incorreto.').waitFor();
    expect(await pspWithdrawals()).toEqual([]);
    await dialog.getByLabel('PIN', { exact: true }).fill(OWNER_PIN);
    await app.page.keyboard.press('Enter');
    await app.page.getByRole('status').filter({ hasText: 'Saque enviado ao PSP' }).waitFor();
    const row = app.page.getByRole('region', { name: 'Saques' }).locator('tbody tr').first();
    await row.getByText('Em processamento').waitFor();
    const sent = await pspWithdrawals();
    expect(sent.map((w) => w.amount)).toEqual([50]);
    expect(
      await app.page.getByRole('status').filter({ hasText: 'Saque enviado ao PSP' }).textContent(),
    ).toContain(sent[0]!.id);
    // Emptied so the same withdrawal cannot be sent twice by a second Enter.
    expect(await app.page.getByLabel('Chave PIX').inputValue()).toBe('');
    await app.sb.control('POST', `/withdrawals/${sent[0]!.id}/complete`);
    await row.getByText('Concluído').waitFor({ timeout: 5000 });
    await app.page.screenshot({ path: shot('saque-concluido'), fullPage: true });
  });
});

describe('Infrações (MED)', () => {
  const rowOf = (id: string) =>
    app.page
      .getByRole('row')
      .filter({ has: app.page.getByRole('button', { name: `Detalhes de ${id}` }) });

  it('a table with words for statuses, a MED deadline, and a defense shown as sent', async () => {
    await app.page.getByRole('button', { name: 'Infrações (MED)' }).click();
    await rowOf('inf-0001').waitFor();
    await app.page.getByRole('button', { name: 'Próxima' }).click();
    await rowOf('inf-0011').waitFor();
    await app.page.getByRole('button', { name: 'Anterior' }).click();
    const row = rowOf('inf-0001');
    await row.getByText('Aguardando sua defesa').waitFor();
    // No deadline in the record: 7 calendar days from creation, said to be an estimate.
    await row.getByText('estimado: 7 dias da abertura').waitFor();
    await rowOf('inf-0002').getByText('Aceita').waitFor();
    await app.page.screenshot({ path: shot('infracoes-tabela'), fullPage: true });
    await row.getByRole('button', { name: 'Defender inf-0001' }).click();
    const form = app.page.getByRole('form', { name: 'Defesa inf-0001' });
    await form.getByLabel('Justificativa').fill('curta');
    await form.getByRole('button', { name: 'Enviar defesa' }).click();
    await form.getByText('A justificativa deve ter de 10 a 2000 caracteres.').waitFor();
    await form
      .getByLabel('Justificativa')
      .fill('O cliente retirou a mercadoria; nota fiscal anexa.');
    await form.getByLabel('Provas (URLs)').fill('https://padaria.example/nf/123.pdf');
    await form.getByRole('button', { name: 'Enviar defesa' }).click();
    await app.page
      .getByRole('status')
      .filter({ hasText: 'Defesa enviada para inf-0001.' })
      .waitFor();
    await row.getByText('Defesa enviada').waitFor();
    expect(await row.getByRole('button', { name: 'Defender inf-0001' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Detalhes de inf-0001' }).click();
    const detail = app.page.getByRole('region', { name: 'Infração inf-0001' });
    await detail.getByText('Contestar (não concordo)').waitFor();
    await detail.getByText('O cliente retirou a mercadoria; nota fiscal anexa.').waitFor();
    await detail.getByText('https://padaria.example/nf/123.pdf').waitFor();
    await detail.getByText('Aberta em').waitFor();
    await app.page.screenshot({ path: shot('infracoes-defesa'), fullPage: true });
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
    await app.page.getByRole('button', { name: screen, exact: true }).click();
    await app.page.getByRole('heading', { name: screen }).waitFor();
    if (screen === 'Infrações (MED)') {
      await app.page.getByRole('button', { name: 'Detalhes de inf-0001' }).click();
      await app.page.getByRole('region', { name: 'Infração inf-0001' }).waitFor();
    }
    if (screen === 'Taxas cripto') await app.page.getByText('Cotação USDT').waitFor();
    if (screen === 'Saldo') await app.page.getByText('Disponível').waitFor();
    if (screen === 'Saque PIX')
      await app.page.getByRole('region', { name: 'Saques' }).locator('tbody tr').first().waitFor();
    const text = await app.page.locator('main').innerText();
    await app.page.screenshot({ path: shot(`owner-${name}`), fullPage: true });
    expect(FORBIDDEN.filter((w) => text.includes(w))).toEqual([]);
  });
});

describe('Configurações', () => {
  it('PSP compatibility: a wrong value is refused naming its field; a right one is kept', async () => {
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'Avançado');
    await app.page.getByText('Compatibilidade do PSP (avançado)').click();
    const tolerance = app.page.getByLabel('Tolerância de horário (segundos)');
    expect(await tolerance.inputValue()).toBe('300');
    await tolerance.fill('0');
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await app.page
      .getByRole('status')
      .filter({ hasText: 'Configuração inválida em “Tolerância de horário (segundos)”' })
      .waitFor();
    await tolerance.fill('120');
    await app.page.getByLabel('Cabeçalho da assinatura do callback').fill('x-assinatura');
    // Another section's field, saved with these (one draft for all of Configurações).
    await settingsSection(app.page, 'Impressora');
    await app.page
      .getByLabel('Impressora do sistema (nome; vazio = a padrão)')
      .fill('Bematech MP-4200');
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    await app.page.screenshot({ path: shot('configuracoes-compat'), fullPage: true });
    // Read back from the app, not from the form.
    await app.page.getByRole('button', { name: 'Caixa' }).click();
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'Avançado');
    await app.page.getByText('Compatibilidade do PSP (avançado)').click();
    expect(await app.page.getByLabel('Tolerância de horário (segundos)').inputValue()).toBe('120');
    expect(await app.page.getByLabel('Cabeçalho da assinatura do callback').inputValue()).toBe(
      'x-assinatura',
    );
    await settingsSection(app.page, 'Impressora');
    expect(
      await app.page.getByLabel('Impressora do sistema (nome; vazio = a padrão)').inputValue(),
    ).toBe('Bematech MP-4200');
  });

  it('Cofre de senhas do sistema is kept for the next start; a kept copy is restored only after a confirmation naming it', async () => {
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'Avançado');
    await app.page.getByLabel('Cofre de senhas do sistema').selectOption('napi-keyring');
    await app.page.getByText('A troca vale a partir da próxima vez que o Balcão abrir.').waitFor();
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    await app.page.getByRole('button', { name: 'Caixa' }).click();
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'Avançado');
    expect(await app.page.getByLabel('Cofre de senhas do sistema').inputValue()).toBe(
      'napi-keyring',
    );
    await app.page.getByLabel('Cofre de senhas do sistema').selectOption('keytar');
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();

    // The copy taken at this start (daily), listed with Restaurar.
    await settingsSection(app.page, 'Cópias de segurança');
    const copies = app.page.getByRole('region', { name: 'Cópias do livro de cobranças' });
    const row = copies.getByTestId('backup-row').first();
    await row.getByText('diária').waitFor();
    await row.getByRole('button', { name: /^Restaurar a cópia de / }).click();
    // Named by its date and its sales (none yet when this start's copy was taken).
    const dialog = app.page.getByRole('dialog', {
      name: /^Restaurar a cópia de \d\d\/\d\d\/\d{4}, [\d:]+, (com \d+ vendas?|sem nenhuma venda)\?$/,
    });
    await dialog.waitFor();
    await app.page.screenshot({ path: shot('configuracoes-restaurar'), fullPage: true });
    await app.page.keyboard.press('Escape'); // nothing chosen
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
    await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
    await settingsSection(app.page, 'Loja');
    await app.page.getByLabel('Nome do terminal').fill('Caixa 2');
    await app.page.getByLabel('Idioma').selectOption('en');
    await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await app.page.getByRole('button', { name: 'Checkout' }).waitFor();
    // The shop's name nobody typed follows the language; the one typed stays.
    await app.page.locator('.app-header').getByText('My shop · Caixa 2').waitFor();
    await app.page.screenshot({ path: shot('settings-en'), fullPage: true });
    await app.page.reload();
    await app.page.getByLabel('Amount').waitFor();
    await app.page.getByText('Caixa 2').waitFor();
    // Screen readers choose their voice by <html lang>: it follows the language, after a reload too.
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await app.page.getByRole('button', { name: 'Settings' }).click();
    await app.page.getByLabel('Language').selectOption('pt-BR');
    await app.page.getByRole('button', { name: 'Save settings' }).click();
    await app.page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await app.page.locator('.app-header').getByText('Minha loja · Caixa 2').waitFor();
  });
});
