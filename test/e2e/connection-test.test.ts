import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import keytar from 'keytar';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, shot } from '../helpers/browser';
import { stopAll } from '../helpers/stop-all';
import { tempDir } from '../helpers/core';
import { startHost, type Host } from '../helpers/devhost';
import { startRelayProcess } from '../helpers/relay-process';
import { DEMO_ACCOUNT, sandbox, type TestSandbox } from '../helpers/sandbox';
import { forgetSecrets } from '../helpers/api-pix-host';
import { onboardWithPin } from '../helpers/screens';

// `Testar conexão` as an owner of a VeoPag shop sees it in the first run: one line per thing the
// preset uses, each ✓ or ✗ with what to check; the callback path goes through a real relay
// process; "OK" only when all pass; Salvar e usar warns when payment news would not arrive.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = ['psp.clientId', 'psp.clientSecret', 'psp.webhookSecret', 'relay.channelToken'];
const ADMIN = 'admin-token-for-the-connection-test-e2e-0123';

let sb: TestSandbox;
let host: Host;
let browser: Browser;
let page: Page;
let relay: { url: string; child: ChildProcess };
let channel: { channelId: string; token: string };

beforeAll(async () => {
  sb = await sandbox({ dialect: 'veopag' });
  relay = await startRelayProcess({
    adminToken: ADMIN,
    store: `sqlite:${path.join(tempDir(), 'relay.db')}`,
  });
  const res = await fetch(`${relay.url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  channel = (await res.json()) as typeof channel;
  host = await startHost([], { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service });
  ({ browser, page } = await openPage(host.url, { width: 1280, height: 1000 }));
}, 60_000);
afterAll(async () => {
  await stopAll(browser, host, sb);
  if (relay && relay.child.exitCode === null) relay.child.kill('SIGKILL');
  await forgetSecrets(service, KEYS);
});

describe.skipIf(!hasSecretService)('Testar conexão: every line the preset needs', () => {
  const lineOf = (name: string) =>
    page
      .getByRole('list', { name: 'Testar conexão' })
      .getByRole('listitem')
      .filter({ hasText: name });
  const test = async () => {
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await page.getByRole('list', { name: 'Testar conexão' }).waitFor({ timeout: 20_000 });
  };

  it('VeoPag through the relay: webhook secret missing, then all ✓, then each fault named', async () => {
    await onboardWithPin(page, '4826');
    await page.getByLabel('Perfil do PSP').selectOption('veopag');
    await page.getByLabel('URL do PSP').fill(sb.baseUrl);
    await page.getByLabel('Client ID').fill(DEMO_ACCOUNT.clientId);
    await page.getByLabel('Client Secret').fill(DEMO_ACCOUNT.clientSecret);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('URL do relay', { exact: true }).fill(relay.url);
    await page.getByLabel('Canal do relay', { exact: true }).fill(channel.channelId);
    await page.getByLabel('Token do canal do relay').fill(channel.token);

    // No webhook secret yet: said on its own line; the verdict is not OK.
    await test();
    await lineOf('Segredo do webhook').filter({ hasText: 'falhou' }).waitFor();
    expect(await lineOf('Segredo do webhook').textContent()).toContain(
      'Copie o segredo do webhook',
    );
    expect(await lineOf('Avisos de pagamento (relay)').textContent()).toMatch(
      /OK — o aviso de teste voltou em/,
    );
    expect(await page.getByRole('status').filter({ hasText: 'Conexão OK' }).count()).toBe(0);

    // With the panel's secret in the keychain: every line ✓ and "Conexão OK".
    await keytar.setPassword(service, 'psp.webhookSecret', DEMO_ACCOUNT.webhookSecret!);
    await test();
    await page.getByRole('status').filter({ hasText: 'Conexão OK' }).waitFor();
    for (const name of [
      'Login',
      'Leitura do saldo',
      'Consulta de status',
      'Taxas de saque em cripto',
      'Segredo do webhook',
      'Avisos de pagamento (relay)',
    ])
      expect(await lineOf(name).textContent()).toContain(': OK');
    await page.screenshot({ path: shot('connection-test-1-tudo-ok') });

    // The status query refused (401): its line says so; never "OK".
    await sb.control('POST', '/faults', {
      route: 'GET /transactions/deposit',
      kind: 'status',
      value: 401,
      count: 5,
    });
    await test();
    await lineOf('Consulta de status')
      .filter({ hasText: 'O PSP recusou as credenciais' })
      .waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Conexão OK' }).count()).toBe(0);
    await sb.control('DELETE', '/faults');

    // The relay gone: the callback line ✗, and Salvar e usar warns (without blocking).
    const gone = new Promise((r) => relay.child.once('exit', r));
    relay.child.kill('SIGKILL');
    await gone;
    await test();
    await lineOf('Avisos de pagamento (relay)')
      .filter({ hasText: 'O relay não respondeu' })
      .waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'o teste dos avisos de pagamento falhou' })
      .waitFor();
    await page.screenshot({ path: shot('connection-test-2-relay-fora') });
    expect(await page.getByRole('button', { name: 'Salvar e usar' }).isEnabled()).toBe(true);
  }, 120_000);
});
