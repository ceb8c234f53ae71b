// The shop journal wired into the app (issue 36, Deliver 3, items 1 and 2): the real services of
// a whole Balcão (createAppCore, embedded demo PSP, real SQLite) on a real relay (SQLite store).
// Each fact goes into the outbox in the fact's own ledger transaction; the publisher and the
// owner's feed run with the app and stop with it.
import { afterEach, describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { shopRelay } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';
import { appliedFrom, OWNER_PIN, shopCore } from '../../helpers/shop-cores';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

describe('facts into the shop journal', () => {
  it('a sale paid, a cancel, a shift closed reach the owner in order, with cents, operator and terminal', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const { core } = await shopCore();
    stops.push(() => core.stop());
    // Before the shop exists nothing is recorded: a Balcão without a journal works as before.
    expect(core.journal.status()).toMatchObject({ configured: false, unsent: 0, publisher: 'off' });
    // What the owner's open Loja is told: every entry the feed committed, pushed (shop:changed).
    let pushed = 0;
    stops.push(core.events.on('shop:changed', (p) => (pushed += p.applied)));
    expect((await core.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);

    const ana = await core.operators.add({ name: 'Ana Lima', pin: '1234', role: 'cashier' });
    if (!ana.ok) throw new Error(ana.code);
    core.owner.lock();
    const at = await core.operators.enter(ana.value.id, '1234');
    if (!at.ok) throw new Error(at.code);
    const sold = await core.charges.create({ amountCents: 1_990, payer });
    if (!sold.ok) throw new Error(sold.code);
    await core.demo!.pay(core.charges.record(sold.value.id)!.pspTransactionId!);
    await waitFor(() => core.charges.record(sold.value.id)!.status === 'PAID');
    const gone = await core.charges.create({ amountCents: 500, payer });
    if (!gone.ok) throw new Error(gone.code);
    expect(core.charges.cancel(gone.value.id).ok).toBe(true);
    expect((await core.owner.unlock(OWNER_PIN)).ok).toBe(true);
    expect(core.operators.closeShift(at.value.shift.id).ok).toBe(true);

    const mine = await waitFor(() => {
      const got = appliedFrom(core, core.terminalId);
      return got.some((e) => e.kind === 'shift-closed') && got;
    });
    // In the owner's seq order (1, 2, 3 …); the owner's roster snapshots (one when the shop was
    // made, one per roster change) are entries of their own between them.
    expect(mine.map((e) => e.seq)).toEqual(mine.map((_, i) => i + 1));
    const facts = mine.filter((e) => e.kind !== 'roster-snapshot');
    expect(mine.length - facts.length).toBeGreaterThanOrEqual(1);
    expect(facts.map((e) => [e.kind, e.amountCents ?? null])).toEqual([
      ['roster-operator-added', null],
      ['shift-opened', null],
      ['created', 1_990],
      ['paid', 1_990],
      ['created', 500],
      ['canceled', 500],
      ['shift-closed', 0], // DEMO is never money: the shift's paid sum is 0
    ]);
    for (const e of facts) {
      expect(e.terminal).toBe(core.terminalId);
      expect(e.operator).toEqual({ id: ana.value.id, name: 'Ana Lima' });
    }
    expect(mine.find((e) => e.kind === 'paid')).toMatchObject({
      subject: sold.value.id,
      payer: 'Ana S.',
      demo: true,
    });
    // Status for Saúde/Loja: everything sent, nothing refused.
    await waitFor(() => core.journal.status().unsent === 0);
    const st = core.journal.status();
    expect(st).toMatchObject({
      configured: true,
      role: 'owner',
      applied: mine.length,
      publisher: 'idle',
    });
    expect(pushed).toBe(mine.length);
    expect(st.lastPublishedAt).toBeGreaterThan(0);
    expect(Object.values(st.refused).filter((n) => n > 0)).toEqual([]);
  });

  it('a fact whose ledger transaction fails leaves no entry', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const { core } = await shopCore();
    stops.push(() => core.stop());
    expect((await core.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(true);
    const sold = await core.charges.create({ amountCents: 1_234, payer });
    if (!sold.ok) throw new Error(sold.code);
    await waitFor(() => appliedFrom(core, core.terminalId).some((e) => e.kind === 'created'));
    const outboxRows = () =>
      core.ledger.db.prepare('SELECT COUNT(*) FROM journal_outbox').pluck().get() as number;
    const before = outboxRows();
    const rec = core.charges.record(sold.value.id)!;
    // The payment is written and then its transaction fails: neither the fact nor its entry stays.
    expect(() =>
      core.ledger.tx(() => {
        core.ledger.charges.save(
          { ...rec, status: 'PAID', receivedCents: 1_234 },
          { from: 'PENDING', to: 'PAID', source: 'test', at: Date.now() },
        );
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(core.charges.record(sold.value.id)!.status).toBe('PENDING');
    expect(core.journal.status().unsent).toBe(0);
    expect(outboxRows()).toBe(before);
    // Given time, nothing more reaches the owner either.
    await new Promise((r) => setTimeout(r, 300));
    const sales = appliedFrom(core, core.terminalId).filter((e) => e.kind !== 'roster-snapshot');
    expect(sales.map((e) => e.kind)).toEqual(['created']);
  });
});
