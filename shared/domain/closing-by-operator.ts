import {
  closeDay,
  emptySection,
  type Bucket,
  type ClosingCharge,
  type ClosingRefund,
  type ClosingSection,
  type DayRange,
} from './day-closing';

/**
 * Fechamento do dia split by who rang each sale (issue 36): the same `closeDay` rule run over each
 * operator's rows, so every line of the whole is the sum of that line over the parts (each charge
 * and each refund counts in exactly one part). Charges nobody was tagged with (rung with nobody at
 * the counter, or before the shop had operators) form the part of operator `null`.
 * A refund counts in the part of the sale it gives back (its `operatorId` is the sale's).
 */
export type OperatorCharge = ClosingCharge & { operatorId?: string | null };
export type OperatorRefund = ClosingRefund & { operatorId?: string | null };

export interface OperatorClosing {
  operatorId: string | null;
  live: ClosingSection;
}

/** Live money only: DEMO stays apart in the closing's own DEMO section, as without operators. */
export function closeDayByOperator(
  day: DayRange,
  charges: readonly OperatorCharge[],
  refunds: readonly OperatorRefund[] = [],
): OperatorClosing[] {
  const groups = new Map<string | null, { c: OperatorCharge[]; r: OperatorRefund[] }>();
  const of = (id: string | null | undefined) => {
    const k = id ?? null;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { c: [], r: [] }));
    return g;
  };
  for (const c of charges) if (!c.demo) of(c.operatorId).c.push(c);
  for (const r of refunds) if (!r.demo) of(r.operatorId).r.push(r);
  const parts = [...groups].map(([operatorId, g]) => ({
    operatorId,
    live: closeDay(day, g.c, [], g.r).live,
  }));
  // A part with nothing of this day (a charge of another day with no move today) is no block.
  return parts.filter(({ live }) => live.total.count + live.received.count + live.refunded.count);
}

const plus = (a: Bucket, b: Bucket) => ({
  count: a.count + b.count,
  amountCents: a.amountCents + b.amountCents,
});

/** Line by line sum of sections: a terminal is the sum of its operators, the shop of its terminals. */
export function sumSections(parts: readonly ClosingSection[]): ClosingSection {
  const total = emptySection();
  for (const s of parts) {
    const r = { ...total.received };
    for (const k of Object.keys(r) as Array<keyof typeof r>) r[k] += s.received[k];
    total.received = r;
    for (const k of [
      'paidOtherDay',
      'pending',
      'uncertain',
      'failed',
      'expired',
      'canceled',
      'refunded',
      'total',
    ] as const)
      total[k] = plus(total[k], s[k]);
  }
  return total;
}
