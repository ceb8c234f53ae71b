import type { ChargeState } from '../../../shared/domain/charge-state';
import type {
  ShiftCharge,
  ShiftInfo,
  ShiftRefund,
  ShiftSummary,
} from '../../../shared/domain/shift-summary';
import type { Db } from '../ledger/database';
import type { LedgerFacts } from '../ledger/ledger';

interface Row {
  id: string;
  operator_id: string;
  terminal_id: string;
  opened_at: number;
  closed_at: number | null;
  summary_json: string | null;
}

export type ShiftRecord = ShiftInfo & { summary?: ShiftSummary };

const rec = (r: Row): ShiftRecord => ({
  id: r.id,
  operatorId: r.operator_id,
  terminalId: r.terminal_id,
  openedAt: r.opened_at,
  closedAt: r.closed_at,
  ...(r.summary_json && { summary: JSON.parse(r.summary_json) as ShiftSummary }),
});

/** The `shifts` table, and the rows a shift's closing adds up (tagged with its id). */
export class ShiftsRepo {
  /** `facts`: the shop journal, told of a shift opened or closed inside the same transaction. */
  constructor(
    private readonly db: Db,
    private readonly facts: () => LedgerFacts = () => ({}),
  ) {}

  get(id: string): ShiftRecord | undefined {
    const r = this.db.prepare('SELECT * FROM shifts WHERE id = ?').get(id) as Row | undefined;
    return r && rec(r);
  }

  /** The operator's open shift at this terminal, if any. */
  openOf(operatorId: string, terminalId: string): ShiftRecord | undefined {
    const r = this.db
      .prepare(
        'SELECT * FROM shifts WHERE operator_id = ? AND terminal_id = ? AND closed_at IS NULL',
      )
      .get(operatorId, terminalId) as Row | undefined;
    return r && rec(r);
  }

  insert(s: ShiftInfo): void {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO shifts (id, operator_id, terminal_id, opened_at) VALUES (?, ?, ?, ?)')
        .run(s.id, s.operatorId, s.terminalId, s.openedAt);
      this.facts().shiftOpened?.(s);
    })();
  }

  close(id: string, at: number, summary: ShiftSummary): void {
    this.db.transaction(() => {
      const changed = this.db
        .prepare(
          'UPDATE shifts SET closed_at = ?, summary_json = ? WHERE id = ? AND closed_at IS NULL',
        )
        .run(at, JSON.stringify(summary), id).changes;
      const s = changed === 1 ? this.get(id) : undefined;
      if (s) this.facts().shiftClosed?.(s, summary);
    })();
  }

  chargesOf(shiftId: string): ShiftCharge[] {
    const rows = this.db
      .prepare(
        `SELECT status, amount_cents, received_cents, fee_cents, flags, demo FROM charges
         WHERE shift_id = ?`,
      )
      .all(shiftId) as Array<{
      status: ChargeState;
      amount_cents: number;
      received_cents: number | null;
      fee_cents: number | null;
      flags: string | null;
      demo: number;
    }>;
    return rows.map((r) => ({
      status: r.status,
      amountCents: r.amount_cents,
      ...(r.received_cents !== null && { receivedCents: r.received_cents }),
      ...(r.fee_cents !== null && { feeCents: r.fee_cents }),
      flags: (r.flags ?? '').split(',').filter(Boolean),
      demo: r.demo === 1,
    }));
  }

  refundsOf(shiftId: string): ShiftRefund[] {
    const rows = this.db
      .prepare('SELECT amount_cents, status, demo FROM refunds WHERE shift_id = ?')
      .all(shiftId) as Array<{ amount_cents: number; status: string; demo: number }>;
    return rows.map((r) => ({
      amountCents: r.amount_cents,
      done: r.status === 'REFUNDED',
      demo: r.demo === 1,
    }));
  }

  /** Histórico's operator column: who rang each of these charges (untagged ones left out). */
  operatorNames(chargeIds: readonly string[]): Map<string, { name: string; shiftId: string }> {
    const out = new Map<string, { name: string; shiftId: string }>();
    if (chargeIds.length === 0) return out;
    const rows = this.db
      .prepare(
        `SELECT c.id, o.name, c.shift_id FROM charges c JOIN operators o ON o.id = c.operator_id
         WHERE c.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(chargeIds)) as Array<{ id: string; name: string; shift_id: string }>;
    for (const r of rows) out.set(r.id, { name: r.name, shiftId: r.shift_id });
    return out;
  }

  /** Who rang one charge (none: untagged). */
  operatorOfCharge(chargeId: string): string | undefined {
    const id = this.db
      .prepare('SELECT operator_id FROM charges WHERE id = ?')
      .pluck()
      .get(chargeId);
    return typeof id === 'string' ? id : undefined;
  }

  /** Tags a charge with who rang it (set once, at creation: a later switch does not move it). */
  tagCharge(chargeId: string, operatorId: string, shiftId: string): void {
    this.db
      .prepare(
        'UPDATE charges SET operator_id = ?, shift_id = ? WHERE id = ? AND operator_id IS NULL',
      )
      .run(operatorId, shiftId, chargeId);
  }
}
