import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { shot } from '../helpers/browser';
import { DEMO_ACCOUNT, sandbox } from '../helpers/sandbox';
import { onboardWithPin } from '../helpers/screens';
import { perFile } from '../helpers/per-file';
import { openFirstRun, ownRelayProcess } from '../helpers/first-run';

// `Testar conexão` as an owner of a VeoPag shop sees it in the first run: one line per thing the
// preset uses, each ✓ or ✗ with what to check; the callback path goes through a real relay
// process; "OK" only when all pass; Salvar e usar warns when payment news would not arrive.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `balcao-e2e-${randomBytes(6).toString('hex')}`;
const KEYS = ['psp.clientId', 'psp.clientSecret', 'psp.webhookSecret', 'relay.channelToken'];
const ADMIN = 'admin-token-for-the-connection-test-e2e-0123';

const app = perFile(async (own) => {
  const sb = own(await sandbox({ dialect: 'veopag' }));
  const relay = await ownRelayProcess(own, ADMIN);
  const res = await fetch(`${relay.url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  const channel = (await res.json()) as { channelId: string; token: string };
  const shop = await openFirstRun(own, service, KEYS, { width: 1280, height: 1000 });
  return { sb, relay, channel, ...shop };
}, 60_000);

describe.skipIf(!hasSecretService)('Testar conexão: every line the preset needs', () => {
  const lineOf = (name: string) =>
    app.page
      .getByRole('list', { name: 'Testar conexão' })
      .getByRole('listitem')
      .filter({ hasText: name });
  const test = async () => {
    await app.page.getByRole('button', { name: 'Testar conexão' }).click();
    await app.page.getByRole('list', { name: 'Testar conexão' }).waitFor({ timeout: 20_000 });
  };

  it('VeoPag through the relay: webhook secret missing, then all ✓, then each fault named', async () => {
    await onboardWithPin(app.page, '4826');
    await app.page.getByLabel('Perfil do PSP').selectOption('veopag');
    await app.page.getByLabel('URL do PSP').fill(app.sb.baseUrl);
    await app.page.getByLabel('Client ID').fill(DEMO_ACCOUNT.clientId);
    await app.page.getByLabel('Client Secret').fill(DEMO_ACCOUNT.clientSecret);
    await app.page.getByRole('button', { name: 'Continuar' }).click();
    await app.page.getByLabel('URL do relay', { exact: true }).fill(app.relay.url);
    await app.page.getByLabel('Canal do relay', { exact: true }).fill(app.channel.channelId);
    await app.page.getByLabel('Token do canal do relay').fill(app.channel.token);

    // No webhook secret yet: said on its own line; the verdict is not OK.
    await test();
    await lineOf('Segredo do webhook').filter({ hasText: 'falhou' }).waitFor();
    expect(await lineOf('Segredo do webhook').textContent()).toContain(
      'Copie o segredo do webhook',
    );
    expect(await lineOf('Avisos de pagamento (relay)').textContent()).toMatch(
      /OK — o aviso de teste voltou em/,
    );
    expect(await app.page.getByRole('status').filter({ hasText: 'Conexão OK' }).count()).toBe(0);

    // With the panel's secret in the keychain: every line ✓ and "Conexão OK".
    await keytar.setPassword(service, 'psp.webhookSecret', DEMO_ACCOUNT.webhookSecret!);
    await test();
    await app.page.getByRole('status').filter({ hasText: 'Conexão OK' }).waitFor();
    for (const name of [
      'Login',
      'Leitura do saldo',
      'Consulta de status',
      'Taxas de saque em cripto',
      'Segredo do webhook',
      'Avisos de pagamento (relay)',
    ])
      expect(await lineOf(name).textContent()).toContain(': OK');
    await app.page.screenshot({ path: shot('connection-test-1-tudo-ok') });

    // The status query refused (401): its line says so; never "OK".
    await app.sb.control('POST', '/faults', {
      route: 'GET /transactions/deposit',
      kind: 'status',
      value: 401,
      count: 5,
    });
    await test();
    await lineOf('Consulta de status')
      .filter({ hasText: 'O PSP recusou as credenciais' })
      .waitFor();
    expect(await app.page.getByRole('status').filter({ hasText: 'Conexão OK' }).count()).toBe(0);
    await app.sb.control('DELETE', '/faults');

    // The relay gone: the callback line ✗, and Salvar e usar warns (without blocking).
    const gone = new Promise((r) => app.relay.child.once('exit', r));
    app.relay.child.kill('SIGKILL');
    await gone;
    await test();
    await lineOf('Avisos de pagamento (relay)')
      .filter({ hasText: 'O relay não respondeu' })
      .waitFor();
    await app.page
      .getByRole('alert')
      .filter({ hasText: 'o teste dos avisos de pagamento falhou' })
      .waitFor();
    await app.page.screenshot({ path: shot('connection-test-2-relay-fora') });
    expect(await app.page.getByRole('button', { name: 'Salvar e usar' }).isEnabled()).toBe(true);
  }, 120_000);
});
