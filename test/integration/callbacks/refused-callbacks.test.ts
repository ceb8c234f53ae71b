import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { coreOn, payer } from '../../helpers/core';
import { DEMO_ACCOUNT, sandbox, waitFor, type TestSandbox } from '../../helpers/sandbox';
import { stopAll } from '../../helpers/stop-all';

// Issue 20, item 2: a callback the app refuses is kept with its time, reason and ids, the owner
// is told (one notice, however many), the charge it names is asked about by the status query
// within its budget, and the log counts refusals by reason — one line per window, not per refusal.
type Core = Awaited<ReturnType<typeof coreOn>>;
let sb: TestSandbox | undefined;
let t: Core | undefined;
afterEach(async () => {
  await stopAll(t?.core, sb);
  t = sb = undefined;
});

const pspIdOf = async (s: TestSandbox, externalId: string) =>
  ((await s.control('GET', '/charges')).body as Array<{ id: string; externalId: string }>).find(
    (c) => c.externalId === externalId,
  )!.id;
const checks = async (s: TestSandbox) =>
  ((await s.control('GET', '/stats')).body as { checks: { total: number } }).checks.total;
const refusalNotices = (c: Core) =>
  c.events.filter(
    (e) => e.event === 'app:notice' && (e.payload as { code: string }).code === 'CALLBACKS_REFUSED',
  );

/** VeoPag (signed with the panel's webhook secret, a status query), its secret typed wrong. */
async function veopagTerminal(perMinute?: number) {
  const s = (sb = await sandbox({ dialect: 'veopag' }));
  const c = (t = await coreOn(s.baseUrl, {
    pspPreset: 'veopag',
    pspOverride: {
      baseUrl: s.baseUrl,
      credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
      webhookSecret: 'not-the-panel-secret',
    },
  }));
  if (perMinute)
    expect(c.core.settings.update({ psp: { statusQuery: { perMinute } } }).ok).toBe(true);
  await c.core.start();
  return { s, c };
}

/** A callback under VeoPag's header names, signed with some key (node:crypto, not the app's). */
function veopagSigned(body: object | string, key: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    headers: {
      'x-webhook-signature': createHmac('sha256', key).update(`${ts}.${raw}`).digest('hex'),
      'x-webhook-timestamp': ts,
      'x-event-id': randomUUID(),
    },
    body: raw,
  };
}

describe('refused callbacks are seen', () => {
  it('signed with the wrong webhook key: refused, the owner told why, and the status query turns it Pago', async () => {
    const { s, c } = await veopagTerminal();
    const r = await c.core.charges.create({ amountCents: 4550, payer });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.status).toBe('PENDING');
    const pspId = await pspIdOf(s, r.value.externalId);
    const before = await checks(s);

    // The PSP pays and calls back, signed with the real panel secret.
    await s.control('POST', `/charges/${pspId}/pay`);
    const paid = await waitFor(() => {
      const v = c.core.charges.get(r.value.id);
      return v.ok && v.value.status === 'PAID' ? v.value : undefined;
    }, 10_000);
    expect(paid.amountCents).toBe(4550);
    // By the query: the PSP was asked, the callback itself was refused.
    expect(await checks(s)).toBeGreaterThan(before);
    const [kept] = c.core.ledger.events.refusals();
    expect(kept).toMatchObject({ code: 'CALLBACK_BAD_SIGNATURE', chargeId: r.value.id });
    expect(kept!.ids).toContain(pspId);
    expect(Math.abs(kept!.at - Date.now())).toBeLessThan(60_000);

    // The owner's notice: today's count and the reason to fix.
    expect(refusalNotices(c).map((e) => e.payload)).toEqual([
      {
        level: 'error',
        code: 'CALLBACKS_REFUSED',
        params: { count: 1, reason: 'CALLBACK_BAD_SIGNATURE' },
      },
    ]);
    expect(c.core.refusals.today()).toMatchObject({
      count: 1,
      byReason: { CALLBACK_BAD_SIGNATURE: 1 },
    });
    // The log counts by reason.
    expect(c.logs).toContainEqual(
      expect.objectContaining({
        msg: 'callbacks refused',
        byReason: { CALLBACK_BAD_SIGNATURE: 1 },
      }),
    );
  });

  it('authentic but naming no charge here, or unreadable: kept with its reason and ids, nothing applied', async () => {
    const { c } = await veopagTerminal();
    // Signed with the key this terminal holds: authentic, but for no charge of this terminal.
    const unknown = await c.core.intake.handle(
      veopagSigned({ transaction_id: 'nobody-here', status: 'PAID' }, 'not-the-panel-secret'),
      'relay',
    );
    expect(unknown).toMatchObject({ accepted: true, outcome: 'unknown-record' });
    const garbled = await c.core.intake.handle(
      veopagSigned('{"transaction_id": ', 'not-the-panel-secret'),
      'relay',
    );
    expect(garbled).toMatchObject({ accepted: false, code: 'CALLBACK_BAD_BODY' });
    const kept = c.core.ledger.events.refusals();
    expect(kept.map((k) => k.code)).toEqual(['CALLBACK_BAD_BODY', 'CALLBACK_UNKNOWN_ID']);
    expect(kept[0]!.ids).toEqual([]);
    expect(kept[1]!.ids).toEqual(['nobody-here']);
    // An unknown id (something to check in the relay's channel) is named before a garbled body.
    expect(c.core.refusals.today()).toMatchObject({ count: 2, reason: 'CALLBACK_UNKNOWN_ID' });
  });

  it('a flood of thousands: one notice, the last 500 kept, queries within the budget, one log line', async () => {
    const perMinute = 6;
    const { s, c } = await veopagTerminal(perMinute);
    const pending: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await c.core.charges.create({ amountCents: 1000 + i, payer });
      if (!r.ok) throw new Error(r.message);
      expect(r.value.status).toBe('PENDING');
      pending.push(r.value.externalId);
    }
    const before = await checks(s);
    const started = Date.now();
    for (let i = 0; i < 2_000; i++) {
      // Forged: each names one of the pending charges (or nothing known), with PAID.
      const id = i % 3 === 0 ? `guess-${i}` : pending[i % pending.length]!;
      const forged = veopagSigned({ transaction_id: id, status: 'PAID', amount: 1 }, 'forger');
      const r = await c.core.intake.handle(forged, 'relay');
      expect(r).toMatchObject({ accepted: false, code: 'CALLBACK_BAD_SIGNATURE' });
    }
    // Storage stays flat: the newest 500, the oldest dropped.
    const rows = c.core.ledger.db.prepare('SELECT COUNT(*) AS n FROM callback_refusals').get() as {
      n: number;
    };
    expect(rows.n).toBe(500);
    expect(c.core.ledger.events.refusals()).toHaveLength(500);
    expect(c.core.refusals.today().count).toBe(2_000);
    // One notice per 10 s window (each replaces the last on screen) and one log line per minute,
    // however many refusals: on this shared machine the flood may span a window or two.
    const windows = Math.ceil((Date.now() - started) / 10_000);
    expect(refusalNotices(c).length).toBeLessThanOrEqual(windows + 1);
    const lines = c.logs.filter((l) => (l as { msg?: string }).msg === 'callbacks refused');
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(windows / 6) + 1);
    // The hints went through the shared budget: never more than its minute.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(c.core.statusBudget.used()).toBeLessThanOrEqual(perMinute);
    expect((await checks(s)) - before).toBeLessThanOrEqual(perMinute);
    expect((await checks(s)) - before).toBeGreaterThan(0);
    // Nothing forged made anything Pago.
    for (const id of pending)
      expect(c.core.charges.list({}).find((x) => x.externalId === id)?.status).toBe('PENDING');
  });
});
