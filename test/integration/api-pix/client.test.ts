import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPixClient, txidFor } from '../../../electron/services/psp/api-pix/client';
import { payerFetch, type ClientCertificate } from '../../../electron/services/psp/api-pix/tls';
import { pspSettingsSchema } from '../../../shared/psp-settings';
import { makeSandboxPki, TestCa } from '../../../sandbox/api-pix/pki';
import { API_PIX_ACCOUNT, apiPixSandbox } from '../../helpers/api-pix';

type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

/** The app's API Pix client pointed at a sandbox, as a shop would configure it. */
function clientFor(
  sb: Sb,
  o: { cert?: ClientCertificate | null; tokenUrl?: string; tokenAuth?: 'basic' | 'form' } = {},
) {
  const payer = payerFetch({ ca: sb.pki.ca.certPem, hosts: { [sb.publicName]: sb.publicAddress } });
  const settings = pspSettingsSchema.parse({
    baseUrl: sb.baseUrl,
    kind: 'api-pix',
    requestTimeoutMs: 5_000,
    apiPix: {
      tokenUrl: o.tokenUrl ?? sb.tokenUrl,
      chave: API_PIX_ACCOUNT.chave,
      tokenAuth: o.tokenAuth ?? 'basic',
    },
  });
  const cert = o.cert === undefined ? sb.pki.client : o.cert;
  return new ApiPixClient({
    settings,
    credentials: async () => ({
      clientId: API_PIX_ACCOUNT.clientId,
      clientSecret: API_PIX_ACCOUNT.clientSecret,
    }),
    certificate: async () => cert && { certPem: cert.certPem, keyPem: cert.keyPem },
    payerFetch: payer.fetch,
    ca: sb.pki.ca.certPem,
  });
}

let n = 0;
const externalId = () =>
  `blc_t1_${Date.now().toString(36)}_${(++n).toString(16).padStart(12, '0')}`;

describe('API Pix client against the api-pix sandbox (mutual TLS)', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await apiPixSandbox();
  });
  afterEach(async () => {
    await sb.control('PUT', '/faults', {});
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('charges with our txid, verifies the dynamic QR, and the status query says paid after the payment', async () => {
    const c = clientFor(sb);
    const id = externalId();
    const created = await c.charge({ amountCents: 1234, externalId: id, description: 'Mesa 4' });
    expect(created).toMatchObject({
      ok: true,
      value: { transactionId: txidFor(id), status: 'PENDING', amountCents: 1234 },
    });
    const txid = txidFor(id);
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    // A retry after a lost answer is the same PUT: the same charge, no second one.
    const again = await c.charge({ amountCents: 1234, externalId: id, description: 'Mesa 4' });
    expect(again.ok && again.value.qrcode).toBe(created.ok && created.value.qrcode);
    expect([...sb.state.cobs.keys()].filter((k) => k === txid)).toHaveLength(1);
    expect(sb.state.tokens.size).toBe(1); // the token is cached between calls

    expect(await c.transactionStatus(txid)).toMatchObject({
      ok: true,
      value: { status: 'PENDING' },
    });
    await sb.control('POST', `/pay/${txid}`);
    expect(await c.transactionStatus(txid)).toEqual({
      ok: true,
      value: { status: 'PAID', transactionId: txid, amountCents: 1234 },
    });
    await c.close();
  });

  it('refunds part then the rest by our ids, never more than the PIX; lists received PIX; registers the webhook', async () => {
    const c = clientFor(sb);
    const id = externalId();
    await c.charge({ amountCents: 1000, externalId: id });
    const paid = await sb.control('POST', `/pay/${txidFor(id)}`);
    const e2e = String(paid.body.endToEndId);
    expect(await c.refund(e2e, 'r1', 400)).toEqual({
      ok: true,
      value: { status: 'EM_PROCESSAMENTO' },
    });
    expect(await c.refund(e2e, 'r2', 700)).toMatchObject({ ok: false, code: 'PSP_REJECTED' });
    expect(await c.refund(e2e, 'r1', 400)).toMatchObject({ ok: false, code: 'PSP_REJECTED' });
    expect(await c.refund(e2e, 'r3', 600)).toMatchObject({ ok: true });
    await expect
      .poll(async () => {
        const r = await c.refundStatus(e2e, 'r3');
        return r.ok && r.value.status;
      })
      .toBe('DEVOLVIDO');
    const now = Date.now();
    const list = await c.receivedPix(new Date(now - 60_000), new Date(now + 60_000));
    expect(list.ok && list.value.pix).toContainEqual({
      endToEndId: e2e,
      txid: txidFor(id),
      cents: 1000,
    });
    expect(await c.registerWebhook('https://relay.example.com/hook')).toEqual({
      ok: true,
      value: true,
    });
    expect(sb.state.webhooks.get(API_PIX_ACCOUNT.chave)?.url).toBe(
      'https://relay.example.com/hook',
    );
    await c.close();
  });

  it('cancels at the PSP; a paid charge cannot be cancelled', async () => {
    const c = clientFor(sb);
    const id = externalId();
    await c.charge({ amountCents: 500, externalId: id });
    expect(await c.cancel(txidFor(id))).toEqual({ ok: true, value: { status: 'CANCELED' } });
    expect(sb.state.cobs.get(txidFor(id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await c.transactionStatus(txidFor(id))).toMatchObject({
      ok: true,
      value: { status: 'CANCELED' },
    });
    const paid = externalId();
    await c.charge({ amountCents: 700, externalId: paid });
    await sb.control('POST', `/pay/${txidFor(paid)}`);
    expect(await c.cancel(txidFor(paid))).toMatchObject({
      ok: false,
      code: 'APIPIX_CANCEL_REFUSED',
    });
    await c.close();
  });

  it.each([
    ['tamper', 'APIPIX_QR_UNVERIFIED', { reason: 'bad-signature' }],
    ['wrong-key', 'APIPIX_QR_UNVERIFIED', { reason: 'bad-signature' }],
    ['wrong-amount', 'APIPIX_QR_MISMATCH', { field: 'valor' }],
  ])(
    'a %s JWS at the location is never returned as a QR, and the charge is removed',
    async (jws, code, params) => {
      const c = clientFor(sb);
      await sb.control('PUT', '/faults', { jws });
      const id = externalId();
      const r = await c.charge({ amountCents: 2500, externalId: id });
      expect(r).toMatchObject({ ok: false, code, params });
      expect(sb.state.cobs.get(txidFor(id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      await c.close();
    },
  );

  it('a cob reply whose valor.original differs is refused (no QR) and cancelled at the PSP', async () => {
    const c = clientFor(sb);
    await sb.control('PUT', '/faults', { replyValor: '12.30' });
    const id = externalId();
    const r = await c.charge({ amountCents: 1234, externalId: id });
    expect(r).toMatchObject({ ok: false, code: 'APIPIX_AMOUNT_DIFFERS' });
    expect(r.ok === false && r.params).toMatchObject({
      pspAmount: expect.stringContaining('12,30'),
    });
    expect(sb.state.cobs.get(txidFor(id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await c.close();
  });

  it('a token URL answering HTML is named as such; a 429 is a rate limit, not a failure of the sale', async () => {
    const c = clientFor(sb);
    await sb.control('PUT', '/faults', { tokenHtml: true });
    expect(await c.charge({ amountCents: 100, externalId: externalId() })).toMatchObject({
      ok: false,
      code: 'APIPIX_TOKEN_HTML',
    });
    await sb.control('PUT', '/faults', { rateLimit: 1 });
    expect(await c.charge({ amountCents: 100, externalId: externalId() })).toMatchObject({
      ok: false,
      kind: 'rate_limited',
      code: 'PSP_RATE_LIMITED',
      retryAfterMs: 1000,
    });
    await c.close();
  });

  it('sends the pair in the form body when the preset says so', async () => {
    const c = clientFor(sb, { tokenAuth: 'form' });
    expect(await c.testConnection()).toMatchObject({ ok: true });
    await c.close();
  });

  describe('Testar conexão refuses each certificate fault in words', () => {
    it('a good certificate passes: handshake and token', async () => {
      expect(await clientFor(sb).testConnection()).toMatchObject({
        ok: true,
        value: { subject: 'CN=Loja Teste LTDA' },
      });
    });

    it('an expired certificate', async () => {
      const old = await sb.pki.ca.issue({ cn: 'Loja Teste LTDA', validDays: -2 });
      expect(await clientFor(sb, { cert: old }).testConnection()).toMatchObject({
        ok: false,
        code: 'APIPIX_CERT_EXPIRED',
        params: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      });
    });

    it('a certificate without its key, or with the key of another certificate', async () => {
      const other = await sb.pki.ca.issue({ cn: 'outra loja' });
      const noKey = { certPem: sb.pki.client.certPem, keyPem: '' };
      const wrongKey = { certPem: sb.pki.client.certPem, keyPem: other.keyPem };
      for (const cert of [noKey, wrongKey])
        expect(await clientFor(sb, { cert }).testConnection()).toMatchObject({
          ok: false,
          code: 'APIPIX_CERT_NO_KEY',
        });
      expect(await clientFor(sb, { cert: null }).testConnection()).toMatchObject({
        code: 'APIPIX_CERT_MISSING',
      });
    });

    it('a PSP whose server certificate is for another host', async () => {
      const wrong = await apiPixSandbox({
        pki: await makeSandboxPki({ ca: sb.pki.ca, serverHosts: ['pix.outro-banco.test'] }),
      });
      try {
        expect(await clientFor(wrong).testConnection()).toMatchObject({
          ok: false,
          code: 'APIPIX_CERT_WRONG_HOST',
          params: { host: '127.0.0.1' },
        });
      } finally {
        await wrong.close();
      }
    });

    it('a certificate the PSP does not accept (another environment’s CA)', async () => {
      const other = await TestCa.create('Homologacao CA');
      const foreign = await other.issue({ cn: 'Loja Teste LTDA' });
      expect(await clientFor(sb, { cert: foreign }).testConnection()).toMatchObject({
        ok: false,
        code: 'APIPIX_CERT_REFUSED',
      });
    });
  });
});

describe("API Pix client against the sandbox's Efí profile", () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await apiPixSandbox({ profile: 'efi' });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('a repeated PUT is Efí 409 txid_duplicado: the client reads the cob back and returns it checked', async () => {
    const c = clientFor(sb);
    const id = externalId();
    const first = await c.charge({ amountCents: 4200, externalId: id });
    const again = await c.charge({ amountCents: 4200, externalId: id });
    expect(again, JSON.stringify(again)).toMatchObject({
      ok: true,
      value: { transactionId: txidFor(id), status: 'PENDING', amountCents: 4200 },
    });
    expect(again.ok && again.value.qrcode).toBe(first.ok && first.value.qrcode);
    // A different amount under the same txid is never taken for ours: refused, and removed.
    const other = await c.charge({ amountCents: 4300, externalId: id });
    expect(other).toMatchObject({ ok: false, code: 'APIPIX_AMOUNT_DIFFERS' });
  });

  it("an unknown txid is Efí's 400 cobranca_nao_encontrada: read as not found", async () => {
    const r = await clientFor(sb).transactionStatus(txidFor(externalId()));
    expect(r).toMatchObject({ ok: false, kind: 'not_found' });
  });
});
