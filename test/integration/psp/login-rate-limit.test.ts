import { describe, expect, it } from 'vitest';
import { PspClient } from '../../../electron/services/psp/client';
import { pspPresetSettings } from '../../../shared/psp-presets';
import { pspSettingsSchema } from '../../../shared/psp-settings';
import { DEMO_ACCOUNT, rawApi } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// VeoPag limits logins to 25 per 15 minutes per IP (429 + Retry-After). Once refused, every
// caller (a sale, polling, the owner's screens) gets a clear code at once: no login loop that
// would keep the limit shut.
const env = sandboxForFile({ dialect: 'veopag' });

describe('VeoPag login limit', () => {
  it('a 429 on login: PSP_LOGIN_RATE_LIMITED with the wait, and no further login until it passes', async () => {
    const api = rawApi(env.sb.baseUrl);
    // Someone else behind the same IP used the 25 logins.
    for (let i = 0; i < 25; i++)
      await api.call('POST', '/auth/login', {
        body: { client_id: DEMO_ACCOUNT.clientId, client_secret: DEMO_ACCOUNT.clientSecret },
      });
    let logins = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/auth/login')) logins++;
      return fetch(input, init);
    };
    const client = new PspClient({
      settings: pspSettingsSchema.parse({
        ...pspPresetSettings('veopag'),
        baseUrl: env.sb.baseUrl,
      }),
      credentials: async () => ({ ...DEMO_ACCOUNT }),
      fetch: counting,
    });
    const first = await client.login();
    expect(first).toMatchObject({
      ok: false,
      kind: 'rate_limited',
      code: 'PSP_LOGIN_RATE_LIMITED',
    });
    if (first.ok) return;
    // The sandbox's limit frees in up to 15 minutes: the wait said is that, not "a moment".
    expect(first.params?.seconds).toBeGreaterThan(60);
    // A sale and more logins meanwhile: answered at once, without a request to the PSP.
    const sale = await client.createDeposit({
      amountCents: 1990,
      externalId: 'ext-rate-limited',
      callbackUrl: 'http://127.0.0.1:1/cb',
      payer: {
        name: 'Ana Souza',
        email: 'ana@padaria.com.br',
        document: '12345678909',
        phone: '5511912345678',
      },
    });
    expect(sale).toMatchObject({ ok: false, code: 'PSP_LOGIN_RATE_LIMITED' });
    for (let i = 0; i < 10; i++) await client.login();
    expect(logins).toBe(1);
    // Nothing reached the PSP's charge route.
    expect(((await env.sb.control('GET', '/charges')).body as unknown[]).length).toBe(0);
  });
});
