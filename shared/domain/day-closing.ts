import { isPaidState, type ChargeState } from './charge-state';

/**
 * Fechamento do dia: what one terminal's ledger says about one day, computed from its rows alone
 * (no SQL aggregation, so the rule for each line lives in one place). Money is integer cents.
 * Money is counted on the day it moved, as the PSP's statement of the day shows it: a payment on
 * the day it was applied (`paidAt`), a refund on the day it happened (`refundedAt`). Everything
 * else (pending, uncertain, failed, expired, canceled, the total) is by the day it was created.
 */
export interface ClosingCharge {
  status: ChargeState;
  amountCents: number;
  /** What the PSP says was paid; unknown counts as the amount charged. */
  receivedCents?: number;
  feeCents?: number;
  flags: readonly string[];
  demo: boolean;
  createdAt: number;
  /** When the payment was applied; unknown (older rows) counts as the creation time. */
  paidAt?: number;
  /** When a REFUNDED charge was refunded; unknown counts as the paid time. */
  refundedAt?: number;
}

/** The terminal's local day, [from, to) in epoch ms. */
export interface DayRange {
  from: number;
  to: number;
}

/** Local calendar day `YYYY-MM-DD` → its DayRange (23 or 25 hours across a clock change). */
export function dayRange(day: string): DayRange {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).getTime(), to: new Date(y, m - 1, d + 1).getTime() };
}

/** A devolução (or a withdrawal made as a refund) completed at `doneAt`: counted on that day. */
export interface ClosingRefund {
  amountCents: number;
  demo: boolean;
  doneAt: number;
}

export interface ClosingWithdrawal {
  status: string;
  amountCents: number;
  /** Made in DEMO: counted in `demoWithdrawals`, never in the live ones. */
  demo?: boolean;
}

export interface Bucket {
  count: number;
  amountCents: number;
}

export interface ClosingSection {
  /**
   * Payments applied this day, late ones included (`late*`: after a cancel or expiry;
   * `createdOtherDay*`: charges created on another day; `different*`: paid with another amount
   * than charged). Amounts are what arrived. Net = received − fees − the day's refunds.
   */
  received: Bucket & {
    lateCount: number;
    lateAmountCents: number;
    createdOtherDayCount: number;
    createdOtherDayAmountCents: number;
    differentCount: number;
    /** What those charges asked for; `differentReceivedCents` is what arrived for them. */
    differentChargedCents: number;
    differentReceivedCents: number;
    feeCents: number;
    netCents: number;
    /** Received charges whose fee neither a callback nor the status query told us. */
    feeUnknownCount: number;
  };
  /** Created this day, paid on another: explained here, counted as received on the paid day. */
  paidOtherDay: Bucket;
  pending: Bucket;
  uncertain: Bucket;
  failed: Bucket;
  expired: Bucket;
  canceled: Bucket;
  /** Refunds made this day, whatever day the charge was created or paid. */
  refunded: Bucket;
  /** Every charge created this day, whatever its status. */
  total: Bucket;
}

export interface DayClosing {
  live: ClosingSection;
  /** DEMO charges (the embedded sandbox): never money, kept apart. */
  demo: ClosingSection;
  withdrawals: WithdrawalBuckets;
  /** DEMO withdrawals (no money moved): apart, like DEMO charges. */
  demoWithdrawals: WithdrawalBuckets;
}
export type WithdrawalBuckets = {
  completed: Bucket;
  processing: Bucket;
  failed: Bucket;
  total: Bucket;
};

/**
 * SHARED-DECISIONS: received when paid (the amount charged or another), or when a payment landed
 * after a cancel/expiry.
 */
export const isReceived = (c: { status: ChargeState; flags: readonly string[] }): boolean =>
  isPaidState(c.status) || c.flags.includes('LATE_PAYMENT');

/** The money that arrived: what the PSP said was paid, else the amount charged. */
export const receivedOf = (c: { amountCents: number; receivedCents?: number }): number =>
  c.receivedCents ?? c.amountCents;

/**
 * A sale's net ("Líquido"): what arrived, less the PSP's fee and what went back to the payer
 * (devoluções done; a REFUNDED sale without that count gave it all back).
 */
export const netOf = (c: {
  status: ChargeState;
  amountCents: number;
  receivedCents?: number;
  feeCents?: number;
  refundedCents?: number;
}): number =>
  receivedOf(c) -
  (c.feeCents ?? 0) -
  (c.refundedCents ?? (c.status === 'REFUNDED' ? receivedOf(c) : 0));

/** Paid, but not what was charged (older rows: flagged AMOUNT_MISMATCH). */
export const isDifferentAmount = (c: {
  amountCents: number;
  receivedCents?: number;
  flags: readonly string[];
}): boolean =>
  (c.receivedCents !== undefined && c.receivedCents !== c.amountCents) ||
  c.flags.includes('AMOUNT_MISMATCH');

const bucket = (): Bucket => ({ count: 0, amountCents: 0 });
const add = (b: Bucket, cents: number) => {
  b.count += 1;
  b.amountCents += cents;
};

/** A section with every line at zero (also the start of a sum of sections). */
export function emptySection(): ClosingSection {
  return {
    received: {
      ...bucket(),
      lateCount: 0,
      lateAmountCents: 0,
      createdOtherDayCount: 0,
      createdOtherDayAmountCents: 0,
      differentCount: 0,
      differentChargedCents: 0,
      differentReceivedCents: 0,
      feeCents: 0,
      netCents: 0,
      feeUnknownCount: 0,
    },
    paidOtherDay: bucket(),
    pending: bucket(),
    uncertain: bucket(),
    failed: bucket(),
    expired: bucket(),
    canceled: bucket(),
    refunded: bucket(),
    total: bucket(),
  };
}

type ByCreation = 'pending' | 'uncertain' | 'failed' | 'expired' | 'canceled';
const OTHER: Partial<Record<ChargeState, ByCreation>> = {
  DRAFT: 'pending',
  SUBMITTING: 'pending',
  PENDING: 'pending',
  UNCERTAIN: 'uncertain',
  FAILED: 'failed',
  EXPIRED: 'expired',
  CANCELED: 'canceled',
};

/** Money reached the account: received now, or paid before it was refunded. */
const wasPaid = (c: ClosingCharge): boolean => isReceived(c) || c.status === 'REFUNDED';

function receive(r: ClosingSection['received'], c: ClosingCharge, createdToday: boolean): void {
  const cents = receivedOf(c);
  add(r, cents);
  if (c.flags.includes('LATE_PAYMENT')) {
    r.lateCount += 1;
    r.lateAmountCents += cents;
  }
  if (!createdToday) {
    r.createdOtherDayCount += 1;
    r.createdOtherDayAmountCents += cents;
  }
  if (isDifferentAmount(c)) {
    r.differentCount += 1;
    r.differentChargedCents += c.amountCents;
    r.differentReceivedCents += cents;
  }
  if (c.feeCents === undefined) r.feeUnknownCount += 1;
  else r.feeCents += c.feeCents;
}

export function closeDay(
  day: DayRange,
  charges: readonly ClosingCharge[],
  withdrawals: readonly ClosingWithdrawal[] = [],
  refunds: readonly ClosingRefund[] = [],
): DayClosing {
  const withdrawalBuckets = (): WithdrawalBuckets => ({
    completed: bucket(),
    processing: bucket(),
    failed: bucket(),
    total: bucket(),
  });
  const out: DayClosing = {
    live: emptySection(),
    demo: emptySection(),
    withdrawals: withdrawalBuckets(),
    demoWithdrawals: withdrawalBuckets(),
  };
  const today = (t: number) => t >= day.from && t < day.to;
  for (const c of charges) {
    const s = c.demo ? out.demo : out.live;
    const created = today(c.createdAt);
    if (created) add(s.total, c.amountCents);
    if (wasPaid(c)) {
      const paidAt = c.paidAt ?? c.createdAt;
      if (today(paidAt)) receive(s.received, c, created);
      else if (created) add(s.paidOtherDay, receivedOf(c));
      // What is given back is what arrived.
      if (c.status === 'REFUNDED' && today(c.refundedAt ?? paidAt)) add(s.refunded, receivedOf(c));
      continue;
    }
    const key = OTHER[c.status];
    if (created && key) add(s[key], c.amountCents);
  }
  // Partial or full devoluções of a sale that stays PAID: each on the day it was done.
  for (const r of refunds)
    if (today(r.doneAt)) add((r.demo ? out.demo : out.live).refunded, r.amountCents);
  for (const s of [out.live, out.demo])
    s.received.netCents = s.received.amountCents - s.received.feeCents - s.refunded.amountCents;
  for (const w of withdrawals) {
    const w2 = w.demo ? out.demoWithdrawals : out.withdrawals;
    add(w2.total, w.amountCents);
    if (w.status === 'COMPLETED') add(w2.completed, w.amountCents);
    else if (w.status === 'FAILED') add(w2.failed, w.amountCents);
    else add(w2.processing, w.amountCents);
  }
  return out;
}
