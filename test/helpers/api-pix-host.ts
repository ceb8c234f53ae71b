import { writeFileSync } from 'node:fs';
import path from 'node:path';
import keytar from 'keytar';
import { expect } from 'vitest';
import { API_PIX_ACCOUNT, type apiPixSandbox } from './api-pix';
import { tempDir } from './core';
import { startHost, type Host } from './devhost';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

export const API_PIX_SECRET_KEYS = [
  'psp.clientId',
  'psp.clientSecret',
  'relay.channelToken',
  'psp.apiPixCert',
  'psp.apiPixKey',
  'psp.apiPixKeyPassword',
];

/** The development host trusting the sandbox's CA and mapping its location name (`--api-pix-*`). */
export async function apiPixHost(
  sb: Sb,
  service: string,
  env: Record<string, string> = {},
): Promise<Host & { caFile: string }> {
  const caFile = path.join(tempDir(), 'sandbox-ca.pem');
  writeFileSync(caFile, sb.pki.ca.certPem);
  const host = await startHost(
    ['--api-pix-ca', caFile, '--api-pix-host', `${sb.publicName}=${sb.publicAddress}`],
    { BALCAO_DATA_DIR: tempDir(), BALCAO_KEYCHAIN_SERVICE: service, ...env },
  );
  return Object.assign(host, { caFile });
}

/** `Salvar e usar` as the onboarding sends it: this sandbox's API Pix, owner PIN `pin`. */
export async function saveApiPix(
  host: Host,
  sb: Sb,
  pin: string,
  relay = { url: '', channelId: '', token: '', adminToken: '' },
  scopes = 'cob.write cob.read pix.write pix.read webhook.write webhook.read',
) {
  const r = await host.call('onboarding:save', {
    kind: 'api-pix',
    apiPix: {
      preset: '',
      tokenUrl: sb.tokenUrl,
      tokenAuth: 'basic',
      scopes,
      chave: API_PIX_ACCOUNT.chave,
      expiracaoSeconds: 3600,
    },
    certificate: { certPem: sb.pki.client.certPem, keyPem: sb.pki.client.keyPem, passphrase: '' },
    preset: 'seed',
    baseUrl: sb.baseUrl,
    chargeOperation: 'deposit',
    clientId: API_PIX_ACCOUNT.clientId,
    clientSecret: API_PIX_ACCOUNT.clientSecret,
    newPin: pin,
    confirmPin: pin,
    relay,
    printer: { name: '', paperWidthMm: 80, kind: 'system', address: '' },
    defaultPayer: {
      name: 'Consumidor',
      document: '123.456.789-09',
      email: 'caixa@padaria.com.br',
      phone: '(11) 91234-5678',
    },
  });
  expect(r).toMatchObject({ ok: true, value: { mode: 'live' } });
  return r;
}

export async function forgetSecrets(
  service: string,
  keys: readonly string[] = API_PIX_SECRET_KEYS,
) {
  for (const k of keys) await keytar.deletePassword(service, k);
}
