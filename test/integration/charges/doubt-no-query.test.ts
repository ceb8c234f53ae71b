import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { coreOn, createdCharge, payer } from '../../helpers/core';
import { sandbox, waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// Issue 20, item 4: with no status query (the live default) no sale stays in doubt. The app core
// on real SQLite against the sandbox over HTTP, with the service's own retry delays and deadline.
const env = terminalForFile({
  statusQuery: false,
  resolveDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000],
});
beforeAll(() => {
  expect(env.core.settings.update({ psp: { requestTimeoutMs: 3_000 } }).ok).toBe(true);
});
afterEach(() => env.sb.control('DELETE', '/faults'));

const fault = (kind: string, count = 1) =>
  env.sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind, count });
const atPsp = async (externalId: string) =>
  (
    (await env.sb.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>
  ).filter((c) => c.externalId === externalId);
const view = (id: string): ChargeView | undefined => {
  const r = env.core.charges.get(id);
  return r.ok ? r.value : undefined;
};
/** The charge's view once `ok` holds of it. */
const viewWhen = (id: string, ok: (v: ChargeView) => boolean, timeoutMs?: number) =>
  waitFor(() => {
    const v = view(id);
    return v && ok(v) ? v : undefined;
  }, timeoutMs);

describe('uncertain without a status query', () => {
  it('answer lost after the PSP recorded it: within 10 s it is retired, a new charge can start, a later payment of the old one is caught', async () => {
    await fault('drop'); // the PSP created it; the answer never came back
    const r = await createdCharge(env.core, 4_100);
    expect(r.status).toBe('UNCERTAIN');
    const doubtAt = Date.now();
    const retired = await viewWhen(r.id, (v) => v.status === 'CANCELED', 10_000);
    expect(Date.now() - doubtAt).toBeLessThan(10_000);
    expect(retired.notice?.code).toBe('UNCERTAIN_RETIRED');
    expect(retired.flags).toContain('UNCERTAIN_RETIRED');
    // Never re-created under another id: the PSP holds one charge for it.
    const old = await atPsp(r.externalId);
    expect(old).toHaveLength(1);

    // The cashier starts a new charge: it gets its QR.
    const next = await env.core.charges.create({ amountCents: 4_100, payer });
    expect(next).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    expect(next.ok && next.value.brcode).toMatch(/^000201/);

    // The payer paid the old one after all (its QR reached them some other way): caught, flagged.
    await env.sb.control('POST', `/charges/${old[0]!.id}/pay`);
    const late = await viewWhen(r.id, (v) => v.status === 'PAID');
    expect(late).toMatchObject({ paidAfter: 'CANCELED', notice: { code: 'LATE_PAYMENT' } });
    expect(late.flags).toEqual(expect.arrayContaining(['UNCERTAIN_RETIRED', 'LATE_PAYMENT']));
    expect(env.core.charges.list({ status: 'UNCERTAIN' })).toEqual([]);
  }, 30_000);

  it('the PSP never answers: within 10 s the cashier is told to start anew, and the charge ends CANCELED, never re-created', async () => {
    await fault('timeout', 20); // every create (and retry) hangs until the request timeout
    const r = await createdCharge(env.core, 4_200);
    expect(r.status).toBe('UNCERTAIN');
    const doubtAt = Date.now();
    // A retry may still be in flight: the notice comes now, the state once it ends.
    const told = await viewWhen(r.id, (v) => v.notice?.code === 'UNCERTAIN_RETIRED', 10_000);
    expect(Date.now() - doubtAt).toBeLessThan(10_000);
    expect(['SUBMITTING', 'CANCELED']).toContain(told.status);
    const next = await (async () => {
      await env.sb.control('DELETE', '/faults');
      return env.core.charges.create({ amountCents: 4_200, payer });
    })();
    expect(next).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    // The retry in flight ends at the PSP request timeout (15 s after it left), then CANCELED.
    const ended = await viewWhen(r.id, (v) => v.status === 'CANCELED', 30_000);
    expect(ended.notice?.code).toBe('UNCERTAIN_RETIRED');
    await env.core.charges.idle();
    expect(view(r.id)?.status).toBe('CANCELED');
    expect(await atPsp(r.externalId)).toHaveLength(0);
    expect(env.core.charges.list({ status: 'UNCERTAIN' })).toEqual([]);
  }, 60_000);

  it('a PSP that answers a repeated id with the charge (VeoPag): the same-id retry brings the QR within 10 s, one charge', async () => {
    const veo = await sandbox({ dialect: 'veopag' });
    const v = await coreOn(veo.baseUrl, {
      statusQuery: false,
      pspPreset: 'veopag',
      resolveDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000],
    });
    try {
      expect(v.core.settings.get().psp).toMatchObject({
        idempotentCreate: true,
        statusQueryPath: '',
      });
      await veo.control('POST', '/faults', { route: 'POST /payments/deposit', kind: 'drop' });
      const r = await createdCharge(v.core, 4_300);
      expect(r.status).toBe('UNCERTAIN');
      const doubtAt = Date.now();
      const shown = await waitFor(() => {
        const c = v.core.charges.get(r.id);
        return c.ok && c.value.status !== 'UNCERTAIN' && c.value.status !== 'SUBMITTING' && c.value;
      }, 10_000);
      expect(Date.now() - doubtAt).toBeLessThan(10_000);
      expect(shown.status).toBe('PENDING');
      expect(shown.brcode).toMatch(/^000201/);
      const mine = (
        (await veo.control('GET', '/charges')).body as Array<{ externalId: string }>
      ).filter((c) => c.externalId === r.externalId);
      expect(mine).toHaveLength(1);
    } finally {
      await v.core.stop();
      await veo.close();
    }
  }, 30_000);
});
