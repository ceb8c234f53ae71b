import type { ChargeState } from './charge-state';

/**
 * Fechamento do dia: what one terminal's ledger says about one day, computed from its rows alone
 * (no SQL aggregation, so the rule for "received" lives in one place). Money is integer cents.
 */
export interface ClosingCharge {
  status: ChargeState;
  amountCents: number;
  feeCents?: number;
  flags: readonly string[];
  demo: boolean;
}

export interface ClosingWithdrawal {
  status: string;
  amountCents: number;
}

export interface Bucket {
  count: number;
  amountCents: number;
}

export interface ClosingSection {
  /** Paid, late payments included (`lateCount`/`lateAmountCents` of them came after a cancel or expiry). */
  received: Bucket & {
    lateCount: number;
    lateAmountCents: number;
    feeCents: number;
    netCents: number;
    /** Received charges whose fee neither a callback nor the status query told us. */
    feeUnknownCount: number;
  };
  pending: Bucket;
  uncertain: Bucket;
  failed: Bucket;
  expired: Bucket;
  canceled: Bucket;
  refunded: Bucket;
  /** Every charge of the day, whatever its status. */
  total: Bucket;
}

export interface DayClosing {
  live: ClosingSection;
  /** DEMO charges (the embedded sandbox): never money, kept apart. */
  demo: ClosingSection;
  withdrawals: { completed: Bucket; processing: Bucket; failed: Bucket; total: Bucket };
}

/** SHARED-DECISIONS: received when PAID, or when a payment landed after a cancel/expiry. */
export const isReceived = (c: { status: ChargeState; flags: readonly string[] }): boolean =>
  c.status === 'PAID' || c.flags.includes('LATE_PAYMENT');

const bucket = (): Bucket => ({ count: 0, amountCents: 0 });
const add = (b: Bucket, cents: number) => {
  b.count += 1;
  b.amountCents += cents;
};

function emptySection(): ClosingSection {
  return {
    received: {
      ...bucket(),
      lateCount: 0,
      lateAmountCents: 0,
      feeCents: 0,
      netCents: 0,
      feeUnknownCount: 0,
    },
    pending: bucket(),
    uncertain: bucket(),
    failed: bucket(),
    expired: bucket(),
    canceled: bucket(),
    refunded: bucket(),
    total: bucket(),
  };
}

const OTHER: Partial<Record<ChargeState, Exclude<keyof ClosingSection, 'received' | 'total'>>> = {
  DRAFT: 'pending',
  SUBMITTING: 'pending',
  PENDING: 'pending',
  UNCERTAIN: 'uncertain',
  FAILED: 'failed',
  EXPIRED: 'expired',
  CANCELED: 'canceled',
  REFUNDED: 'refunded',
};

export function closeDay(
  charges: readonly ClosingCharge[],
  withdrawals: readonly ClosingWithdrawal[] = [],
): DayClosing {
  const out: DayClosing = {
    live: emptySection(),
    demo: emptySection(),
    withdrawals: {
      completed: bucket(),
      processing: bucket(),
      failed: bucket(),
      total: bucket(),
    },
  };
  for (const c of charges) {
    const s = c.demo ? out.demo : out.live;
    add(s.total, c.amountCents);
    if (isReceived(c)) {
      const r = s.received;
      add(r, c.amountCents);
      if (c.flags.includes('LATE_PAYMENT')) {
        r.lateCount += 1;
        r.lateAmountCents += c.amountCents;
      }
      if (c.feeCents === undefined) r.feeUnknownCount += 1;
      else r.feeCents += c.feeCents;
      r.netCents = r.amountCents - r.feeCents;
      continue;
    }
    const key = OTHER[c.status];
    if (key) add(s[key], c.amountCents);
  }
  for (const w of withdrawals) {
    const w2 = out.withdrawals;
    add(w2.total, w.amountCents);
    if (w.status === 'COMPLETED') add(w2.completed, w.amountCents);
    else if (w.status === 'FAILED') add(w2.failed, w.amountCents);
    else add(w2.processing, w.amountCents);
  }
  return out;
}
