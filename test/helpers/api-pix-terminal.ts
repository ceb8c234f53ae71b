import { expect } from 'vitest';
import type { AppCoreOptions } from '../../electron/services/core/app-core-types';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';
import { API_PIX_ACCOUNT, type apiPixSandbox } from './api-pix';
import { coreOn } from './core';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

/** A terminal whose PSP kind is `api-pix`, its certificate in the (in-memory) keychain. */
export async function apiPixTerminal(sb: Sb, o: Partial<AppCoreOptions> = {}) {
  const secrets = new MemorySecretStore();
  const t = await coreOn(sb.baseUrl, {
    secrets,
    pspOverride: {
      baseUrl: sb.baseUrl,
      credentials: {
        clientId: API_PIX_ACCOUNT.clientId,
        clientSecret: API_PIX_ACCOUNT.clientSecret,
      },
      statusQueryPath: '',
    },
    apiPixTrust: { ca: sb.pki.ca.certPem, hosts: { [sb.publicName]: sb.publicAddress } },
    refundPollMs: [100, 100, 200, 200, 400, 400, 800],
    ...o,
  });
  expect(
    t.core.settings.update({
      psp: {
        kind: 'api-pix',
        idempotentCreate: true,
        apiPix: { tokenUrl: sb.tokenUrl, chave: API_PIX_ACCOUNT.chave },
      },
    }).ok,
  ).toBe(true);
  await secrets.set('psp.apiPixCert', sb.pki.client.certPem);
  await secrets.set('psp.apiPixKey', sb.pki.client.keyPem);
  return t;
}
