import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../shared/domain/brcode';
import type { ChargeView } from '../../shared/views';
import { createHandlers } from '../../electron/services/handlers';
import { MERCHANT, OTHER_MERCHANT } from '../../sandbox/routes/charges';
import { payer } from '../helpers/core';
import { depositFault } from '../helpers/sandbox';
import { terminalForFile } from '../helpers/sandbox-terminal';

// Issue 21, item 3 (and item 1 through the charge path): the receiver the PSP's codes name is
// pinned on first use; a code to anyone else, or without an amount, is never shown; re-pinning
// is the owner's, behind the PIN.
const env = terminalForFile();
let h: ReturnType<typeof createHandlers>;
beforeAll(() => {
  h = createHandlers(env.core, 'browser');
});
afterEach(() => env.sb.control('DELETE', '/faults'));

const fault = (kind: string, value?: number | string) => depositFault(env.sb, kind, value);
async function create(amountCents = 5322): Promise<ChargeView> {
  const r = await env.core.charges.create({ amountCents, payer });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}
const status = async () => {
  const r = await h['receiver:status']({});
  if (!r.ok) throw new Error(r.code);
  return r.value.pinned;
};

describe('the receiver is pinned', () => {
  it("the sandbox's codes all name one receiver, like a real PSP's", async () => {
    const a = await create(100);
    const b = await create(250);
    const ra = parseBrCode(a.brcode!);
    const rb = parseBrCode(b.brcode!);
    expect(ra.ok && rb.ok).toBe(true);
    if (ra.ok && rb.ok) {
      expect([ra.value.key, ra.value.merchantName, ra.value.merchantCity]).toEqual([
        rb.value.key,
        rb.value.merchantName,
        rb.value.merchantCity,
      ]);
    }
  });

  it('learned from the first code without blocking the sale, shown for review', async () => {
    expect(await status()).toMatchObject({
      receiver: { key: MERCHANT.key, merchantName: MERCHANT.name, merchantCity: MERCHANT.city },
      confirmed: false,
    });
  });

  it('a QR to another receiver is never shown: the sale fails, the owner is told', async () => {
    const notices = env.events.length;
    await fault('badqr', 'receiver');
    const c = await create();
    expect(c).toMatchObject({ status: 'FAILED', notice: { code: 'RECEIVER_MISMATCH' } });
    expect(c.brcode).toBeUndefined();
    expect(env.core.charges.record(c.id)?.brcode).toBeUndefined();
    const told = env.events.slice(notices).find((e) => e.event === 'app:notice') as {
      payload: { code: string; params: object };
    };
    expect(told?.payload).toMatchObject({ code: 'RECEIVER_CHANGED' });
    expect(JSON.stringify(told.payload.params)).toContain(OTHER_MERCHANT.name);
    expect(await status()).toMatchObject({
      receiver: { key: MERCHANT.key },
      refused: { receiver: { key: OTHER_MERCHANT.key }, count: 1 },
    });
  });

  it('a QR without an amount is never shown for a charge', async () => {
    await fault('badqr', 'noamount');
    const c = await create();
    expect(c).toMatchObject({ status: 'FAILED', notice: { code: 'QR_REJECTED' } });
    expect(c.brcode).toBeUndefined();
  });

  it('confirming and re-pinning are owner actions behind the PIN', async () => {
    expect(await h['receiver:repin']({})).toMatchObject({ ok: false, kind: 'auth' }); // no PIN yet
    expect((await env.core.owner.setPin('4321')).ok).toBe(true);
    env.core.owner.lock();
    expect(await h['receiver:confirm']({})).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await h['receiver:repin']({})).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await status()).toMatchObject({ receiver: { key: MERCHANT.key }, confirmed: false });
    expect((await env.core.owner.unlock('4321')).ok).toBe(true);
    expect(await h['receiver:confirm']({})).toMatchObject({
      ok: true,
      value: { pinned: { confirmed: true } },
    });
    // The shop's account "moved" to the receiver last refused: from now on the old one is refused.
    expect(await h['receiver:repin']({})).toMatchObject({
      ok: true,
      value: { pinned: { receiver: { key: OTHER_MERCHANT.key }, confirmed: true } },
    });
    const old = await create();
    expect(old).toMatchObject({ status: 'FAILED', notice: { code: 'RECEIVER_MISMATCH' } });
    await fault('badqr', 'receiver');
    const moved = await create();
    expect(moved.status).toBe('PENDING');
    expect(moved.brcode).toContain(OTHER_MERCHANT.key);
    env.core.owner.lock();
  });
});

describe('a redirect on create, through the charge path', () => {
  it('the charge fails saying to update the PSP URL; no QR, nothing sent elsewhere', async () => {
    await fault('redirect', 'http://127.0.0.1:9/api/payments/deposit');
    const c = await create();
    expect(c).toMatchObject({
      status: 'FAILED',
      notice: { code: 'PSP_REFUSED', reason: 'PSP_REDIRECT' },
    });
    expect(c.brcode).toBeUndefined();
  });
});
