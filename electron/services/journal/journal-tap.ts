// The ledger's facts turned into shop-journal entries (issue 36, Deliver 3, item 1). Each method
// runs inside the transaction that writes the fact (ledger.ts, LedgerFacts), so the fact and its
// outbox row commit or roll back together. Not paired: JournalOutbox.record answers
// JOURNAL_NOT_PAIRED and nothing is written (a shop without a journal works as before).
import type { ShiftInfo, ShiftSummary } from '../../../shared/domain/shift-summary';
import type { ChargeRecord, HistoryEntry } from '../ledger/charges-repo';
import type { Db } from '../ledger/database';
import type { LedgerFacts } from '../ledger/ledger';
import type { RefundRecord } from '../ledger/refunds-repo';
import type { EntryKind, OperatorRef, RosterDetail, SaleFact } from './entry';
import { KvRepo } from '../ledger/kv-repo';
import type { JournalOutbox } from './outbox';
import { takeSnapshot } from './roster-snapshot';

const iso = (ms: number) => new Date(ms).toISOString();
/** Reached the PSP: from here on the sale exists for the owner. */
const REACHED = new Set(['PENDING', 'PAID', 'PAID_DIFFERENT_AMOUNT']);
const ENDED_WAITING = new Set(['EXPIRED', 'CANCELED']);

/** The facts one charge write holds, from its history lines (pure). */
export function chargeFacts(c: ChargeRecord, lines: readonly HistoryEntry[]): SaleFact[] {
  const base = {
    subject: c.id,
    payerName: c.payerName,
    ...(c.demo && { demo: true }),
  };
  const out: SaleFact[] = [];
  const add = (kind: EntryKind, at: number, extra: Partial<SaleFact> = {}) =>
    out.push({ ...base, kind, at: iso(at), ...extra });
  for (const l of lines) {
    // A sale the PSP holds is "created" once (same kind + subject = same entry id, recorded once),
    // even when the first answer was lost (UNCERTAIN) and the next line is already its payment.
    const reached =
      REACHED.has(l.to) ||
      (ENDED_WAITING.has(l.to) && (l.from === 'PENDING' || l.from === 'UNCERTAIN'));
    if (reached) add('created', c.createdAt, { amountCents: c.amountCents });
    if (l.to === 'PAID') add('paid', l.at, { amountCents: c.receivedCents ?? c.amountCents });
    if (l.to === 'PAID_DIFFERENT_AMOUNT')
      add('paid-different-amount', l.at, {
        amountCents: c.receivedCents ?? 0,
        expectedCents: c.amountCents,
      });
    if (l.to === 'CANCELED' && reached) add('canceled', l.at, { amountCents: c.amountCents });
    if (l.to === 'EXPIRED') add('expired', l.at, { amountCents: c.amountCents });
  }
  return out;
}

/** A refund's facts: asked (first write), done (the write that made it REFUNDED). */
export function refundFacts(r: RefundRecord, before: RefundRecord | undefined): SaleFact[] {
  const base = { subject: r.id, amountCents: r.amountCents, ...(r.demo && { demo: true }) };
  const out: SaleFact[] = [];
  if (!before) out.push({ ...base, kind: 'refund-requested', at: iso(r.createdAt) });
  if (r.status === 'REFUNDED' && before?.status !== 'REFUNDED')
    out.push({ ...base, kind: 'refunded', at: iso(r.doneAt ?? r.updatedAt) });
  return out;
}

export class JournalTap implements LedgerFacts {
  constructor(
    private readonly db: Db,
    private readonly outbox: JournalOutbox,
    /** After a fact was recorded (the publisher's kick: it sends once the transaction committed). */
    private readonly onRecorded: () => void = () => {},
    /** Only the owner's Balcão publishes the roster snapshot (counters refuse anyone else's). */
    private readonly isOwner: () => boolean = () => false,
    private readonly now: () => number = Date.now,
  ) {}

  charge(c: ChargeRecord, lines: readonly HistoryEntry[]): void {
    for (const f of chargeFacts(c, lines)) this.record({ ...f, ...this.chargeOperator(c, f) });
  }

  refund(r: RefundRecord, before: RefundRecord | undefined): void {
    for (const f of refundFacts(r, before)) this.record({ ...f, ...this.refundOperator(r) });
  }

  shiftOpened(s: ShiftInfo): void {
    this.record({
      kind: 'shift-opened',
      subject: s.id,
      at: iso(s.openedAt),
      ...this.named(s.operatorId),
    });
  }

  shiftClosed(s: ShiftInfo, summary: ShiftSummary): void {
    this.record({
      kind: 'shift-closed',
      subject: s.id,
      at: iso(summary.closedAt ?? s.closedAt ?? s.openedAt),
      amountCents: summary.paid.amountCents,
      ...this.named(s.operatorId),
    });
  }

  operatorAdded(o: { id: string; name: string; roster?: RosterDetail }): void {
    this.record({
      kind: 'roster-operator-added',
      subject: o.id,
      at: iso(Date.now()),
      operator: { id: o.id, name: o.name },
      ...(o.roster && { roster: o.roster }),
    });
  }

  operatorDisabled(o: { id: string; name: string }): void {
    this.record({
      kind: 'roster-operator-disabled',
      subject: o.id,
      at: iso(Date.now()),
      operator: o,
    });
  }

  /** The owner's whole roster, versioned (roster-snapshot.ts); call inside a transaction. */
  rosterChanged(): void {
    if (!this.isOwner()) return;
    const snapshot = takeSnapshot(this.db, new KvRepo(this.db), this.now());
    this.record({
      kind: 'roster-snapshot',
      subject: `roster:${snapshot.version}`,
      at: iso(this.now()),
      snapshot,
    });
  }

  private record(f: SaleFact): void {
    const r = this.outbox.record(f);
    if (r.ok && !r.duplicate) this.onRecorded();
  }

  private named(operatorId: string | null | undefined): { operator?: OperatorRef } {
    if (!operatorId) return {};
    const name = this.db
      .prepare('SELECT name FROM operators WHERE id = ?')
      .pluck()
      .get(operatorId) as string | undefined;
    return name === undefined ? {} : { operator: { id: operatorId, name } };
  }

  /**
   * Who rang the charge: its tag, or (a new charge, tagged only after this commit, see
   * OperatorService.tagNew) whoever is at the counter with a shift opened before it was made.
   */
  private chargeOperator(c: ChargeRecord, f: SaleFact): { operator?: OperatorRef } {
    const tagged = this.db
      .prepare('SELECT operator_id FROM charges WHERE id = ?')
      .pluck()
      .get(c.id);
    if (typeof tagged === 'string') return this.named(tagged);
    if (f.kind !== 'created') return {};
    const shiftId = this.db
      .prepare("SELECT value FROM kv WHERE key = 'shift.current'")
      .pluck()
      .get() as string | undefined;
    if (!shiftId) return {};
    const shift = this.db
      .prepare('SELECT operator_id, opened_at FROM shifts WHERE id = ? AND closed_at IS NULL')
      .get(JSON.parse(shiftId) as string) as { operator_id: string; opened_at: number } | undefined;
    return shift && c.createdAt >= shift.opened_at ? this.named(shift.operator_id) : {};
  }

  private refundOperator(r: RefundRecord): { operator?: OperatorRef } {
    const own = this.db.prepare('SELECT operator_id FROM refunds WHERE id = ?').pluck().get(r.id);
    if (typeof own === 'string') return this.named(own);
    const sale = this.db
      .prepare('SELECT operator_id FROM charges WHERE id = ?')
      .pluck()
      .get(r.chargeId);
    return typeof sale === 'string' ? this.named(sale) : {};
  }
}
