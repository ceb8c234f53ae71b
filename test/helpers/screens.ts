import type { Locator, Page } from 'playwright-core';

/** Perfil do PSP's options, by the names PSP-API.md gives the presets, in the order shown. */
export const PSP_PROFILE_NAMES = [
  'Documentação do PSP (padrão)',
  'ci/cs com status em português',
  'Bearer com callbacks snake_case',
  'VeoPag (montado a partir da documentação pública)',
  'AxenPay (montado a partir da documentação pública)',
  'NovaPlex (montado a partir da documentação pública)',
  'PagLoop (montado a partir da documentação pública)',
];

/** The welcome's first steps: Conectar ao PSP, the new owner PIN typed twice, Continuar. */
export async function onboardWithPin(page: Page, pin: string): Promise<void> {
  await page.getByRole('button', { name: 'Conectar ao PSP' }).click();
  await page.getByLabel('Novo PIN').fill(pin);
  await page.getByLabel('Confirme o PIN').fill(pin);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * After opening an owner screen, whose session may still be open (no PIN asked) or not: waits
 * for the PIN field or `ready`, and types the PIN when it is asked.
 */
export async function pinIfAsked(page: Page, ready: Locator, pin: string): Promise<void> {
  const field = page.getByLabel('PIN', { exact: true });
  await field.or(ready).first().waitFor();
  if (await field.isVisible()) {
    await field.fill(pin);
    await page.keyboard.press('Enter');
  }
}

/** An owner screen opened from the button `name` on a locked session: the owner PIN, then `ready`. */
export async function openLocked(page: Page, name: string, pin: string, ready: Locator) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.keyboard.press('Enter');
  await ready.waitFor();
}

/** Configurações' section `name` (one of its tabs: Loja, PSP, Avançado…), the screen open. */
export async function settingsSection(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await page.locator(`[role=tab][aria-selected=true]`, { hasText: name }).waitFor();
}

/** The payer the sales in these tests are typed for. */
export const SALE_PAYER = {
  name: 'Ana Souza',
  document: '123.456.789-09',
  email: 'ana@padaria.com.br',
  phone: '(11) 91234-5678',
};

/** The default payer a shop saves when it goes live in these tests. */
export const SHOP_PAYER = {
  name: 'Consumidor',
  document: '123.456.789-09',
  email: 'caixa@padaria.com.br',
  phone: '(11) 91234-5678',
};

/** The four payer fields of a form (`suffix`: ' padrão' for the default payer's). */
export async function fillPayer(
  scope: Page | Locator,
  payer: { name: string; document: string; email: string; phone: string },
  suffix = '',
): Promise<void> {
  await scope.getByLabel(`Nome do pagador${suffix}`).fill(payer.name);
  await scope.getByLabel(`CPF/CNPJ do pagador${suffix}`).fill(payer.document);
  await scope.getByLabel(`E-mail do pagador${suffix}`).fill(payer.email);
  await scope.getByLabel(`Telefone do pagador${suffix}`).fill(payer.phone);
}
