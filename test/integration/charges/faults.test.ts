import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coreOn, createdCharge, payer } from '../../helpers/core';
import { depositFault, waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// The sandbox's faults, each through the whole charge path (service → PSP → verification →
// ledger): the right state, the right words for the cashier, and never a second charge.
const env = terminalForFile();
beforeAll(() => {
  expect(env.core.settings.update({ psp: { requestTimeoutMs: 800 } }).ok).toBe(true);
});
afterEach(() => env.sb.control('DELETE', '/faults'));

const fault = (kind: string, value?: number | string) => depositFault(env.sb, kind, value);
const atPsp = async (externalId: string) =>
  (
    (await env.sb.control('GET', '/charges')).body as Array<{ externalId: string; status: string }>
  ).filter((c) => c.externalId === externalId);
const create = (amountCents = 2500) => createdCharge(env.core, amountCents);
const settled = async (id: string, ...states: string[]) =>
  waitFor(() => {
    const r = env.core.charges.get(id);
    return r.ok && states.includes(r.value.status) ? r.value : undefined;
  }, 5000);

describe('the charge under every PSP fault', () => {
  it('no fault: PENDING with a verified BR Code', async () => {
    const c = await create();
    expect(c).toMatchObject({ status: 'PENDING', amountCents: 2500 });
    expect(c.brcode).toMatch(/^000201/);
    expect(await atPsp(c.externalId)).toHaveLength(1);
  });

  // The answer is lost or unreadable: the charge waits in doubt (no QR yet), then the same id
  // settles it PENDING with its verified QR, and the PSP holds one charge.
  it.each([
    ['timeout', 'never processed: Verificando, then resolved by a same-id retry'],
    ['drop', 'processed, answer cut: resolved by the status query with its QR'],
    ['malformed', 'an answer that cannot be read'],
  ])('%s (%s): uncertain, then PENDING, one charge', async (kind) => {
    await fault(kind);
    const c = await create();
    expect(c.status).toBe('UNCERTAIN');
    expect(c.notice?.code).toBe('UNCERTAIN');
    expect(c.brcode).toBeUndefined();
    const done = await settled(c.id, 'PENDING');
    expect(done.brcode).toMatch(/^000201/);
    expect(done.notice).toBeUndefined();
    expect(await atPsp(c.externalId)).toHaveLength(1);
  });

  // An HTTP error status: nothing was charged, and the notice says why in the PSP's terms.
  it.each([
    [500, 'unavailable', 'PSP_UNAVAILABLE'],
    [503, 'unavailable', 'PSP_UNAVAILABLE'],
    [429, 'rate limited: tells when to try again', 'PSP_RATE_LIMITED'],
    [422, 'refused by the PSP, with its detail', 'PSP_REJECTED'],
  ])('HTTP %i (%s): FAILED for %s, nothing at the PSP', async (status, _what, reason) => {
    await fault('status', status);
    const c = await create();
    expect(c.status).toBe('FAILED');
    expect(c.notice).toEqual({ code: 'PSP_REFUSED', reason });
    expect(await atPsp(c.externalId)).toHaveLength(0);
  });

  it.each(['crc', 'amount'])(
    'badqr %s: the payload is never shown, the charge FAILED with a clear notice',
    async (kind) => {
      await fault('badqr', kind);
      const c = await create();
      expect(c.status).toBe('FAILED');
      expect(c.brcode).toBeUndefined();
      expect(c.flags).toContain('QR_REJECTED');
      expect(c.notice).toEqual({ code: 'QR_REJECTED' });
      // The PSP did create it, with a payload we refused: that payload is nowhere the UI can read.
      const atSandbox = await fetch(`${env.sb.baseUrl}/transactions/${c.externalId}`, {
        headers: { ci: 'demo-client-id', cs: 'demo-client-secret' },
      });
      const { qrcode } = (await atSandbox.json()) as { qrcode: string };
      expect(qrcode).toMatch(/^000201/);
      expect(JSON.stringify(env.core.charges.list({}))).not.toContain(qrcode);
    },
  );

  it('bad input never reaches the ledger or the PSP', async () => {
    const before = env.core.charges.list({}).length;
    const psp = ((await env.sb.control('GET', '/charges')).body as unknown[]).length;
    for (const bad of [
      { amountCents: 0, payer },
      { amountCents: 10_000_001, payer },
      { amountCents: 100, payer: { ...payer, document: '123.456.789-00' } },
      { amountCents: 100, payer: { ...payer, email: 'ana@' } },
      { amountCents: 100, payer: { ...payer, phone: '1234' } },
      { amountCents: 100, payer: { ...payer, name: ' ' } },
    ]) {
      const r = await env.core.charges.create(bad);
      expect(r).toMatchObject({ ok: false, kind: 'validation' });
      expect(!r.ok && r.field).toBeTruthy();
    }
    expect(env.core.charges.list({})).toHaveLength(before);
    expect((await env.sb.control('GET', '/charges')).body as unknown[]).toHaveLength(psp);
  });
});

describe('without a status query', () => {
  it('drop → retry with the same id → 409: retired (CANCELED, cannot be shown), never FAILED, never a second charge; a later payment is caught', async () => {
    const u = await coreOn(env.sb.baseUrl, { statusQuery: false });
    await fault('drop');
    const r = await createdCharge(u.core, 990);
    const retired = await waitFor(() => {
      const v = u.core.charges.get(r.id);
      return v.ok && v.value.notice?.code === 'UNCERTAIN_RETIRED' ? v.value : undefined;
    });
    expect(retired.status).toBe('CANCELED');
    const mine = (
      (await env.sb.control('GET', '/charges')).body as Array<{ externalId: string; id: string }>
    ).filter((c) => c.externalId === r.externalId);
    expect(mine).toHaveLength(1);
    await env.sb.control('POST', `/charges/${mine[0]!.id}/pay`);
    const paid = await waitFor(() => {
      const v = u.core.charges.get(r.id);
      return v.ok && v.value.status === 'PAID' ? v.value : undefined;
    });
    expect(paid).toMatchObject({ paidAfter: 'CANCELED', feeCents: 10 });
    expect(paid.flags).toContain('LATE_PAYMENT');
    await u.core.stop();
  });
});
