import { describe, expect, it } from 'vitest';
import { coreOn, createdCharge, demoCore, tempDir } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { signedCallback } from '../../helpers/terminal';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

const env = sandboxForFile();

describe('statuses after creation', () => {
  it('a late PAID after a local cancel makes the charge PAID, flagged, says after what, and is announced loudly', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await createdCharge(t.core, 700);
    expect((await t.core.charges.cancel(c.id)).ok).toBe(true);
    const r = await t.core.intake.handle(
      signedCallback({ transactionId: c.externalId, status: 'PAID', amount: 7, fee: 0.07 }),
      'test',
    );
    expect(r).toMatchObject({ accepted: true, outcome: 'late-payment' });
    const v = t.core.charges.get(c.id);
    expect(v).toMatchObject({
      ok: true,
      value: { status: 'PAID', paidAfter: 'CANCELED', notice: { code: 'LATE_PAYMENT' } },
    });
    expect(v.ok && v.value.flags).toEqual(expect.arrayContaining(['LOCAL_CANCEL', 'LATE_PAYMENT']));
    // News of the payment for every screen, marked late.
    expect(
      t.events.some(
        (e) =>
          e.event === 'charges:paid' &&
          (e.payload as { late: boolean; charge: { id: string } }).late &&
          (e.payload as { charge: { id: string } }).charge.id === c.id,
      ),
    ).toBe(true);
    await t.core.stop();
  });

  it('a callback whose ledger commit fails shows no Pago anywhere; its resend is applied and shown', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await createdCharge(t.core, 750);
    // A real SQLite failure inside the intake's transaction (like a full disk at the event insert).
    t.core.ledger.db.exec(
      "CREATE TRIGGER fail_event BEFORE INSERT ON callback_events BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    const paid = signedCallback({ transactionId: c.externalId, status: 'PAID' }, 'evt-fail');
    const shownPaid = () =>
      t.events.some(
        (e) =>
          e.event === 'charges:updated' &&
          (e.payload as { id: string; status: string }).id === c.id &&
          (e.payload as { status: string }).status === 'PAID',
      );
    await expect(t.core.intake.handle(paid, 'test')).rejects.toThrow(/disk full/);
    expect(shownPaid()).toBe(false);
    expect(t.core.charges.record(c.id)!.status).toBe('PENDING');
    t.core.ledger.db.exec('DROP TRIGGER fail_event');
    expect(await t.core.intake.handle(paid, 'test')).toMatchObject({ outcome: 'applied' });
    expect(shownPaid()).toBe(true);
    await t.core.stop();
  });

  it('local expiry after the configured minutes, and a late payment after it is still caught', async () => {
    const t = await coreOn(env.sb.baseUrl);
    t.core.settings.update({ charges: { expiryMinutes: 1 } });
    const c = await createdCharge(t.core, 800);
    expect(t.core.charges.expireDue()).toBe(0);
    t.clock.offsetMs = 61_000;
    expect(t.core.charges.expireDue()).toBe(1);
    expect(t.core.charges.get(c.id)).toMatchObject({
      value: { status: 'EXPIRED', notice: { code: 'LOCAL_EXPIRY' } },
    });
    t.clock.offsetMs = 0;
    await env.sb.control('POST', `/charges/${t.core.charges.record(c.id)!.pspTransactionId}/pay`);
    await waitFor(() => t.core.charges.record(c.id)!.flags.includes('LATE_PAYMENT'));
    expect(t.core.charges.get(c.id)).toMatchObject({
      value: { status: 'PAID', paidAfter: 'EXPIRED' },
    });
    await t.core.stop();
  });

  it('duplicates are applied once; an unknown status is kept as it came and flagged, not guessed', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await createdCharge(t.core, 900);
    const weird = await t.core.intake.handle(
      signedCallback({ transactionId: c.externalId, status: 'ON_HOLD' }),
      'test',
    );
    expect(weird).toMatchObject({ outcome: 'unknown-status' });
    expect(t.core.charges.get(c.id)).toMatchObject({
      value: { status: 'PENDING', flags: ['UNKNOWN_STATUS'] },
    });
    const paid = signedCallback(
      { transactionId: c.externalId, status: 'APPROVED', fee: 0.09 },
      'evt-dup',
    );
    expect(await t.core.intake.handle(paid, 'test')).toMatchObject({
      outcome: 'applied',
      duplicate: false,
    });
    expect(await t.core.intake.handle(paid, 'test')).toMatchObject({
      outcome: 'duplicate',
      duplicate: true,
    });
    expect(
      await t.core.intake.handle(
        signedCallback({ transactionId: c.externalId, status: 'FAILED' }),
        'test',
      ),
    ).toMatchObject({ outcome: 'ignored' });
    expect(t.core.charges.get(c.id)).toMatchObject({
      value: { status: 'PAID', feeCents: 9 },
    });
    // Payer data needed only for retries is gone once the charge is final.
    expect(t.core.charges.record(c.id)!.payer).toBeUndefined();
    await t.core.stop();
  });

  it('a payment that lands while the create request is still in flight is applied right after it', async () => {
    await env.sb.control('POST', '/autopay', { afterMs: 1 });
    await env.sb.control('POST', '/faults', {
      route: 'POST /payments/deposit',
      kind: 'latency',
      value: 300,
    });
    const t = await coreOn(env.sb.baseUrl);
    try {
      const c = await createdCharge(t.core, 1100);
      await waitFor(() => t.core.charges.record(c.id)!.status === 'PAID');
      const history = t.core.ledger.charges.history(c.id).map((h) => `${h.from}>${h.to}`);
      expect(history).toEqual(expect.arrayContaining(['SUBMITTING>PENDING', 'PENDING>PAID']));
    } finally {
      await env.sb.control('POST', '/autopay', { afterMs: 0 });
      await env.sb.control('DELETE', '/faults');
      await t.core.stop();
    }
  });
});

describe('DEMO mode across a restart', () => {
  it('a charge created before the restart is paid after it, and its callback still arrives', async () => {
    const dataDir = tempDir();
    const open = () => demoCore(dataDir);
    const first = await open();
    expect(first.mode).toBe('demo');
    const c = await createdCharge(first, 1500);
    const port = first.ledger.kv.get<number>('callbacks.localPort');
    await first.stop();

    const second = await open();
    await second.start();
    expect(second.ledger.kv.get<number>('callbacks.localPort')).toBe(port);
    expect(second.charges.get(c.id)).toMatchObject({ value: { status: 'PENDING' } });
    const paid = await second.charges.record(c.id)!;
    expect((await second.demo!.pay(paid.pspTransactionId!)).ok).toBe(true);
    await waitFor(() => second.charges.record(c.id)!.status === 'PAID');
    await second.stop();
  });

  it('"Simular pagamento" exists only in DEMO', async () => {
    const t = await coreOn(env.sb.baseUrl);
    expect(t.core.demo).toBeNull();
    expect(t.core.mode).toBe('live');
    await t.core.stop();
  });
});
