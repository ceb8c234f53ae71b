import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthItem } from '../../shared/domain/health';
import { launchChromium, shot } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { sandbox, type TestSandbox } from '../helpers/sandbox';

// A machine with no Secret Service (no D-Bus session bus at all): DEMO reads no secret, so it
// shows no keychain error; a live terminal still says the keychain is missing (issue 34, D3).
const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/balcao-no-bus' };
let browser: Browser;
let sb: TestSandbox;
const hosts: Host[] = [];
beforeAll(async () => {
  browser = await launchChromium();
  sb = await sandbox();
});
afterAll(async () => {
  await browser?.close();
  for (const h of hosts) await h.stop();
  await sb?.close();
});

const keychainItem = async (host: Host) => {
  const r = await host.call<{ items: HealthItem[] }>('health:get', { probe: true });
  if (!r.ok) throw new Error(r.code);
  return r.value.items.find((i) => i.id === 'keychain');
};

describe('no keychain on the machine', () => {
  it('DEMO: the Caixa shows no red keychain error, and Saúde words it as not needed', async () => {
    const host = await startHost([], { ...NO_BUS, BALCAO_DATA_DIR: tempDir() });
    hosts.push(host);
    // The keychain is asked (and fails) before the screen is drawn.
    const item = await keychainItem(host);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Experimentar (DEMO)' }).click();
    await page.getByText('Cliente DEMO').waitFor();
    const line = page.getByRole('status', { name: 'Saúde do sistema' });
    await line.waitFor();
    expect(await line.getAttribute('class')).toContain('health-ok');
    expect(await page.getByText(/cofre de senhas/i).count()).toBe(0);
    await page.screenshot({ path: shot('demo-no-keychain-caixa') });
    expect(item).toMatchObject({ level: 'off', code: 'notNeeded' });
    // The sale still goes through: DEMO needs no secret.
    await page.getByLabel('Valor').pressSequentially('500');
    await page.getByLabel('Valor').press('Enter');
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await page.getByRole('region', { name: 'Pago' }).waitFor();
    await page.close();
  }, 90_000);

  it('live: the keychain is still reported missing, in red', async () => {
    const host = await startHost(['--psp', sb.baseUrl], {
      ...NO_BUS,
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_CLIENT_ID: 'x',
      BALCAO_CLIENT_SECRET: 'y',
    });
    hosts.push(host);
    expect(await keychainItem(host)).toMatchObject({ level: 'bad', code: 'missing' });
  }, 60_000);
});
