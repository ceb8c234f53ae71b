import { describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';

// D1 as the cashier meets it, in Debian's Chromium: 300 KB pasted into the PIN field.
const app = appPerFile();

describe('a huge paste into the PIN field', () => {
  it('gets a clear error, the host stays up, and the right PIN still works', async () => {
    const { page, host } = app;
    await page.getByRole('button', { name: 'Saque PIX' }).click();
    const pin = page.getByLabel('PIN', { exact: true });
    await pin.fill('7'.repeat(300 * 1024));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'grande demais' }).waitFor();
    expect(host.child.exitCode).toBeNull();
    expect(await host.call('app:info', {})).toMatchObject({ ok: true });
    // Same page, same connection: the owner gets in with the right PIN.
    await pin.fill(OWNER_PIN);
    await page.keyboard.press('Enter');
    await page.getByLabel('Chave PIX').waitFor();
    expect(await host.call('owner:status', {})).toMatchObject({ value: { unlocked: true } });
  });
});
