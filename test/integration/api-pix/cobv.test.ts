import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiPixClient, txidFor } from '../../../electron/services/psp/api-pix/client';
import { payerFetch } from '../../../electron/services/psp/api-pix/tls';
import { parseBrCode } from '../../../shared/domain/brcode';
import type { CobvTerms } from '../../../shared/domain/cobv';
import { pspSettingsSchema } from '../../../shared/psp-settings';
import { API_PIX_ACCOUNT, apiPixSandbox, rawMtls } from '../../helpers/api-pix';

/**
 * The API Pix `cobv` (issue 37) between the app's client and the sandbox, over mutual TLS: the
 * sandbox's clock is moved past the due date and the location asks the fine and interest.
 */
type Sb = Awaited<ReturnType<typeof apiPixSandbox>>;

// 2026-12-01 12:00 in Brasília; the clock both sides read.
const START = Date.parse('2026-12-01T15:00:00Z');
let clock = START;
const now = () => clock;

function clientFor(sb: Sb) {
  const payer = payerFetch({ ca: sb.pki.ca.certPem, hosts: { [sb.publicName]: sb.publicAddress } });
  const settings = pspSettingsSchema.parse({
    baseUrl: sb.baseUrl,
    kind: 'api-pix',
    requestTimeoutMs: 5_000,
    apiPix: {
      tokenUrl: sb.tokenUrl,
      chave: API_PIX_ACCOUNT.chave,
      // A shop that charges with a due date asks the cobv scopes too (docs/remote-charges.md).
      scopes: 'cob.write cob.read cobv.write cobv.read pix.write pix.read',
    },
  });
  const client = new ApiPixClient({
    settings,
    credentials: async () => ({
      clientId: API_PIX_ACCOUNT.clientId,
      clientSecret: API_PIX_ACCOUNT.clientSecret,
    }),
    certificate: async () => ({ certPem: sb.pki.client.certPem, keyPem: sb.pki.client.keyPem }),
    payerFetch: payer.fetch,
    ca: sb.pki.ca.certPem,
    now,
  });
  return { client, payer };
}

const terms = (o: Partial<CobvTerms> = {}): CobvTerms => ({
  dueDate: '2026-12-10',
  daysAfterDue: 15,
  finePct: 200,
  interestPctMonth: 100,
  discountCents: 500,
  ...o,
});
const payer = { name: 'Maria Souza', document: '529.982.247-25' };
let n = 0;
const externalId = () => `blc_cobv_${(++n).toString(16).padStart(12, '0')}_${process.pid}`;

/** What the payer's bank reads at the location: the signed payload (signature checked by the client). */
async function locationPayload(sb: Sb, fetch: typeof globalThis.fetch, brcode: string) {
  const code = parseBrCode(brcode);
  if (!code.ok || !code.value.url) throw new Error('no location');
  const res = await fetch(`https://${code.value.url}`);
  return decodeJwt(await res.text()) as { valor: Record<string, string> };
}

describe('API Pix cobv: a charge with a due date, against the sandbox', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await apiPixSandbox({ now });
  });
  afterEach(async () => {
    clock = START;
    await sb.control('PUT', '/faults', {});
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('refuses bad terms in words before anything is sent', async () => {
    const { client } = clientFor(sb);
    const before = sb.state.requestLog.length;
    const cases: Array<[Partial<CobvTerms>, typeof payer, string]> = [
      [{ dueDate: '2026-11-30' }, payer, 'COBV_DUE_DATE_PAST'],
      [{ dueDate: '2027-02-01' }, payer, 'COBV_DUE_DATE_TOO_FAR'],
      [{ finePct: 1000 }, payer, 'COBV_FINE_RANGE'],
      [{ interestPctMonth: 500 }, payer, 'COBV_INTEREST_RANGE'],
      [{}, { name: 'Maria', document: '' }, 'COBV_PAYER_REQUIRED'],
    ];
    for (const [t, p, code] of cases) {
      const r = await client.chargeCobv({
        amountCents: 10_000,
        externalId: externalId(),
        terms: terms(t),
        payer: p,
      });
      expect(r).toMatchObject({ ok: false, kind: 'validation', code });
    }
    expect(sb.state.requestLog.slice(before)).toEqual([]);
    await client.close();
  });

  it('creates, verifies the location (discount before the due date), and paid after it with fine and interest is Pago with them said', async () => {
    const { client, payer: bank } = clientFor(sb);
    const id = externalId();
    const created = await client.chargeCobv({
      amountCents: 10_000,
      externalId: id,
      description: 'Mensalidade dezembro',
      terms: terms(),
      payer,
    });
    expect(created).toMatchObject({
      ok: true,
      value: {
        status: 'PENDING',
        amountCents: 10_000,
        amountAtLocation: true,
        due: { final: 9_500 },
      },
    });
    const txid = txidFor(id, true);
    const held = sb.state.cobs.get(txid)!;
    expect(held.devedor).toEqual({ cpf: '52998224725', nome: 'Maria Souza' });
    const brcode = created.ok ? created.value.qrcode : '';
    expect((await locationPayload(sb, bank.fetch, brcode)).valor).toEqual({
      original: '100.00',
      desconto: '5.00',
      final: '95.00',
    });

    // Five days after the due date: 2 % fine + 1 % a month pro rata (5/30 of R$ 1.00).
    clock = Date.parse('2026-12-15T15:00:00Z');
    expect((await locationPayload(sb, bank.fetch, brcode)).valor).toEqual({
      original: '100.00',
      multa: '2.00',
      juros: '0.17',
      final: '102.17',
    });
    expect(await client.cobvStatus(txid)).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    const paid = await sb.control('POST', `/pay/${txid}`);
    expect(paid.body.valor).toBe('102.17');
    expect(await client.cobvStatus(txid)).toMatchObject({
      ok: true,
      value: {
        status: 'PAID',
        amountCents: 10_217,
        payment: {
          judged: 'PAID',
          due: { multa: 200, juros: 17, final: 10_217 },
          reported: { multaCents: 200, jurosCents: 17, descontoCents: 0 },
        },
      },
    });
    await client.close();
  });

  it('a payment of the face value after the due date is a different amount, explained by what was due', async () => {
    const { client } = clientFor(sb);
    const id = externalId();
    await client.chargeCobv({ amountCents: 10_000, externalId: id, terms: terms(), payer });
    clock = Date.parse('2026-12-13T15:00:00Z');
    await sb.control('POST', `/pay/${txidFor(id, true)}`, { valor: '100.00' });
    expect(await client.cobvStatus(txidFor(id, true))).toMatchObject({
      ok: true,
      value: {
        amountCents: 10_000,
        payment: { judged: 'PAID_DIFFERENT_AMOUNT', due: { multa: 200, juros: 10, final: 10_210 } },
      },
    });
    await client.close();
  });

  it('due on a Saturday with no days after: on Monday the location still asks the discounted amount, and paying it is Pago', async () => {
    const { client, payer: bank } = clientFor(sb);
    const id = externalId();
    const due = terms({ dueDate: '2026-12-12', daysAfterDue: 0 });
    const made = await client.chargeCobv({
      amountCents: 10_000,
      externalId: id,
      terms: due,
      payer,
    });
    clock = Date.parse('2026-12-14T15:00:00Z'); // Monday, Brasília
    const loc = await locationPayload(sb, bank.fetch, made.ok ? made.value.qrcode : '');
    expect(loc.valor).toEqual({ original: '100.00', desconto: '5.00', final: '95.00' });
    await sb.control('POST', `/pay/${txidFor(id, true)}`, { valor: '95.00' });
    expect(await client.cobvStatus(txidFor(id, true))).toMatchObject({
      ok: true,
      value: { payment: { judged: 'PAID', due: { multa: 0, juros: 0, final: 9_500 } } },
    });
    await client.close();
  });

  it('a location that signs another final amount is refused and the cobv removed; cancel removes it', async () => {
    const { client } = clientFor(sb);
    await sb.control('PUT', '/faults', { jws: 'wrong-amount' });
    const id = externalId();
    expect(
      await client.chargeCobv({ amountCents: 10_000, externalId: id, terms: terms(), payer }),
    ).toMatchObject({ ok: false, code: 'APIPIX_QR_MISMATCH' });
    expect(sb.state.cobs.get(txidFor(id, true))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    // The face value right, but another amount asked for the day: refused too.
    await sb.control('PUT', '/faults', { jws: 'wrong-final' });
    const finalId = externalId();
    expect(
      await client.chargeCobv({ amountCents: 10_000, externalId: finalId, terms: terms(), payer }),
    ).toMatchObject({ ok: false, code: 'APIPIX_QR_MISMATCH', params: { field: 'valor.final' } });
    expect(sb.state.cobs.get(txidFor(finalId, true))?.status).toBe(
      'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    );
    await sb.control('PUT', '/faults', {});
    const other = externalId();
    await client.chargeCobv({ amountCents: 2_000, externalId: other, terms: terms(), payer });
    expect(await client.cancelCobv(txidFor(other, true))).toEqual({
      ok: true,
      value: { status: 'CANCELED' },
    });
    expect(await client.cobvStatus(txidFor(other, true))).toMatchObject({
      ok: true,
      value: { status: 'CANCELED' },
    });
    // After its last payable day the location no longer serves it.
    const third = externalId();
    const c3 = await client.chargeCobv({
      amountCents: 2_000,
      externalId: third,
      terms: terms({ daysAfterDue: 0 }),
      payer,
    });
    expect(c3.ok).toBe(true);
    clock = Date.parse('2026-12-11T15:00:00Z');
    expect((await sb.control('POST', `/pay/${txidFor(third, true)}`)).status).toBe(400);
    await client.close();
  });

  it("the sandbox refuses what the spec's CobVOperacaoInvalida lists", async () => {
    const raw = rawMtls(sb, sb.pki);
    const token = await raw.token();
    const put = (body: unknown) =>
      raw.call('PUT', `/cobv/${txidFor(externalId())}`, {
        body,
        headers: { authorization: `Bearer ${token}` },
      });
    const good = {
      calendario: { dataDeVencimento: '2026-12-10', validadeAposVencimento: 5 },
      devedor: { cpf: '52998224725', nome: 'Maria' },
      valor: { original: '100.00' },
      chave: API_PIX_ACCOUNT.chave,
    };
    expect((await put(good)).status).toBe(201);
    const refused = [
      { ...good, calendario: { dataDeVencimento: '2026-11-30' } },
      { ...good, calendario: { ...good.calendario, validadeAposVencimento: -1 } },
      { ...good, devedor: undefined },
      { ...good, valor: { original: '0.00' } },
      { ...good, valor: { original: '100.00', multa: { modalidade: 3, valorPerc: '2.00' } } },
      {
        ...good,
        valor: { original: '100.00', abatimento: { modalidade: 2, valorPerc: '100.00' } },
      },
      { ...good, valor: { original: '100.00', desconto: { modalidade: 1, valorPerc: '1.00' } } },
    ];
    for (const body of refused) {
      const r = await put(body);
      expect(r.status).toBe(400);
      expect(String(r.body.type)).toMatch(/CobVOperacaoInvalida$/);
    }
    await raw.close();
  });
});
