import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, type ChargeState } from '../../../shared/domain/charge-state';
import { coreOn, payer } from '../../helpers/core';
import { signedCallback } from '../../helpers/terminal';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// 1,000 charges (20 runs × 50) created over real HTTP, then callbacks in random order with
// duplicates, contradictions and late events, mixed with local cancels and expiries. The state
// machine's rules must hold throughout.
const env = sandboxForFile();

const STATUSES = [
  'PAID',
  'APPROVED',
  'FAILED',
  'EXPIRED',
  'CANCELLED',
  'PENDING',
  'REFUNDED',
] as const;

type Step =
  | { kind: 'callback'; charge: number; status: (typeof STATUSES)[number]; event: number }
  | { kind: 'cancel'; charge: number }
  | { kind: 'expire' };

const CHARGES = 50;
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('callback' as const),
      charge: fc.nat(CHARGES - 1),
      status: fc.constantFrom(...STATUSES),
      event: fc.nat(120),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), charge: fc.nat(CHARGES - 1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
);

describe('random interleavings of callbacks, duplicates and late events', () => {
  it('never break the state machine (1,000 charges)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 60, maxLength: 200 }), async (steps) => {
        run++;
        const t = await coreOn(env.sb.baseUrl, { statusQuery: false });
        try {
          t.core.settings.update({ charges: { expiryMinutes: 1 } });
          const ids: string[] = [];
          for (let i = 0; i < CHARGES; i++) {
            const r = await t.core.charges.create({ amountCents: 100 + i, payer });
            if (!r.ok || r.value.status !== 'PENDING')
              throw new Error(`create failed: ${JSON.stringify(r)}`);
            ids.push(r.value.id);
          }
          const firstFinal = new Map<string, ChargeState>();
          const events = new Map<string, string>(); // event id → charge id, as sent
          let localEnd = new Set<string>();
          for (const s of steps) {
            if (s.kind === 'expire') {
              t.clock.offsetMs += 30_000;
              t.core.charges.expireDue();
            } else if (s.kind === 'cancel') {
              await t.core.charges.cancel(ids[s.charge]!);
            } else {
              const id = ids[s.charge]!;
              const rec = t.core.charges.record(id)!;
              // An event id is one callback: a repeat carries the same charge and status.
              const eventId = `r${run}-e${s.event}-${s.charge}-${s.status}`;
              events.set(eventId, id);
              const r = await t.core.intake.handle(
                signedCallback(
                  {
                    transactionId: rec.pspTransactionId,
                    status: s.status,
                    amount: rec.amountCents / 100,
                    fee: 0.01,
                  },
                  eventId,
                  Date.now() + t.clock.offsetMs,
                ),
                'prop',
              );
              expect(r).toMatchObject({ accepted: true });
            }
            // Invariants after every step.
            for (const id of ids) {
              const rec = t.core.charges.record(id)!;
              const first = firstFinal.get(id);
              // Terminal stays terminal: FAILED for good; PAID may be refunded; CANCELED and
              // EXPIRED only become PAID (then maybe REFUNDED) by a flagged late payment.
              if (first === 'FAILED') expect(rec.status).toBe('FAILED');
              if (first === 'PAID') expect(['PAID', 'REFUNDED']).toContain(rec.status);
              if ((first === 'CANCELED' || first === 'EXPIRED') && rec.status !== first) {
                expect(['PAID', 'REFUNDED']).toContain(rec.status);
                expect(rec.flags).toContain('LATE_PAYMENT');
                expect(rec.paidAfter).toBe(first);
              }
              // Never shown as paid without a paid status applied to it.
              if (rec.status === 'PAID')
                expect([...events].some(([e, c]) => c === id && /-(PAID|APPROVED)$/.test(e))).toBe(
                  true,
                );
              if (!first && isTerminal(rec.status)) firstFinal.set(id, rec.status);
              if (rec.status === 'CANCELED' || rec.status === 'EXPIRED') localEnd.add(id);
            }
          }
          for (const id of ids) {
            const history = t.core.ledger.charges.history(id);
            for (const h of history)
              if (h.from && h.from !== h.to) expect(canTransition(h.from, h.to)).toBe(true);
            const rec = t.core.charges.record(id)!;
            // A PAID that arrived after a local end is never lost: it is flagged.
            const paidAfterEnd =
              localEnd.has(id) &&
              [...events].some(
                ([e, c]) => c === id && /-(PAID|APPROVED)$/.test(e) && t.core.ledger.events.seen(e),
              );
            if (paidAfterEnd && rec.status !== 'PAID' && rec.status !== 'REFUNDED') {
              const applied = history.some((h) => h.to === 'PAID');
              if (!applied)
                expect(rec.flags.includes('LATE_PAYMENT') || rec.status === 'FAILED').toBe(true);
            }
          }
          // Each event id recorded exactly once.
          const recorded = t.core.ledger.db
            .prepare('SELECT COUNT(*) AS n FROM callback_events')
            .get() as { n: number };
          expect(recorded.n).toBe(events.size);
          localEnd = new Set();
        } finally {
          await t.core.stop();
        }
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 20), endOnFailure: true },
    );
  }, 180_000);
});
