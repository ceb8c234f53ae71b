import type { ChargeState } from './charge-state';
import { isReceived, receivedOf, type Bucket } from './day-closing';

/**
 * Fechar turno: what one shift (one operator at one terminal, [openedAt, closedAt)) adds up,
 * from its rows alone, integer cents. Pure, so the shop-wide closing (issue 36, Deliver 3) reuses
 * it per operator and per terminal and its totals are the sum of those parts by construction.
 */
export interface ShiftCharge {
  status: ChargeState;
  amountCents: number;
  receivedCents?: number;
  feeCents?: number;
  flags: readonly string[];
  demo: boolean;
  shiftId?: string | null;
}

export interface ShiftRefund {
  amountCents: number;
  /** Only done refunds move money; others are listed as asked. */
  done: boolean;
  demo: boolean;
  shiftId?: string | null;
}

export interface ShiftInfo {
  id: string;
  operatorId: string;
  terminalId: string;
  openedAt: number;
  closedAt?: number | null;
}

export interface ShiftSummary {
  shiftId: string;
  operatorId: string;
  terminalId: string;
  openedAt: number;
  closedAt: number | null;
  /** Every charge the shift created, whatever its status. */
  sales: Bucket;
  /** Money that arrived (what the PSP said was paid, else the amount charged). */
  paid: Bucket;
  canceled: Bucket;
  expired: Bucket;
  /** Still waiting (DRAFT, SUBMITTING, PENDING, UNCERTAIN) when the summary was made. */
  open: Bucket;
  failed: Bucket;
  /** Refunds done that the shift asked for. */
  refunds: Bucket;
  /** Count and amount charged per status. */
  byStatus: Partial<Record<ChargeState, Bucket>>;
  feeCents: number;
  /** Paid charges whose fee the PSP did not tell. */
  feeUnknownCount: number;
  /** paid − fees − refunds. */
  netCents: number;
}

const bucket = (): Bucket => ({ count: 0, amountCents: 0 });
/** Every total at zero: a shift's start, and the sum of no shifts. */
const noTotals = () => ({
  sales: bucket(),
  paid: bucket(),
  canceled: bucket(),
  expired: bucket(),
  open: bucket(),
  failed: bucket(),
  refunds: bucket(),
  byStatus: {} as Partial<Record<ChargeState, Bucket>>,
  feeCents: 0,
  feeUnknownCount: 0,
  netCents: 0,
});
const add = (b: Bucket, cents: number) => {
  b.count += 1;
  b.amountCents += cents;
};
const WAITING: readonly ChargeState[] = ['DRAFT', 'SUBMITTING', 'PENDING', 'UNCERTAIN'];

/**
 * The summary of `shift`: only rows tagged with its id count (a row without shiftId is taken as
 * already filtered by the caller). DEMO rows are never money: left out.
 */
export function shiftSummary(
  charges: readonly ShiftCharge[],
  refunds: readonly ShiftRefund[],
  shift: ShiftInfo,
): ShiftSummary {
  const mine = (r: { shiftId?: string | null; demo: boolean }) =>
    !r.demo && (r.shiftId === undefined || r.shiftId === shift.id);
  const s: ShiftSummary = {
    shiftId: shift.id,
    operatorId: shift.operatorId,
    terminalId: shift.terminalId,
    openedAt: shift.openedAt,
    closedAt: shift.closedAt ?? null,
    ...noTotals(),
  };
  for (const c of charges.filter(mine)) {
    add(s.sales, c.amountCents);
    add((s.byStatus[c.status] ??= bucket()), c.amountCents);
    // A REFUNDED sale was paid first: its money arrived, its refund is counted apart.
    if (isReceived(c) || c.status === 'REFUNDED') {
      add(s.paid, receivedOf(c));
      if (c.feeCents === undefined) s.feeUnknownCount += 1;
      else s.feeCents += c.feeCents;
    } else if (c.status === 'CANCELED') add(s.canceled, c.amountCents);
    else if (c.status === 'EXPIRED') add(s.expired, c.amountCents);
    else if (c.status === 'FAILED') add(s.failed, c.amountCents);
    else if (WAITING.includes(c.status)) add(s.open, c.amountCents);
  }
  for (const r of refunds.filter(mine)) if (r.done) add(s.refunds, r.amountCents);
  s.netCents = s.paid.amountCents - s.feeCents - s.refunds.amountCents;
  return s;
}

/** Sums summaries (per operator → per terminal → shop): the whole is the sum of its parts. */
export function sumSummaries(
  parts: readonly ShiftSummary[],
): Omit<ShiftSummary, 'shiftId' | 'operatorId' | 'terminalId' | 'openedAt' | 'closedAt'> {
  const t = noTotals();
  const plus = (a: Bucket, b: Bucket) => {
    a.count += b.count;
    a.amountCents += b.amountCents;
  };
  for (const p of parts) {
    for (const k of ['sales', 'paid', 'canceled', 'expired', 'open', 'failed', 'refunds'] as const)
      plus(t[k], p[k]);
    for (const [st, b] of Object.entries(p.byStatus) as Array<[ChargeState, Bucket]>)
      plus((t.byStatus[st] ??= bucket()), b);
    t.feeCents += p.feeCents;
    t.feeUnknownCount += p.feeUnknownCount;
    t.netCents += p.netCents;
  }
  return t;
}
