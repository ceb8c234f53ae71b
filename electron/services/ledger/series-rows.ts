import type { ChargeState } from '../../../shared/domain/charge-state';
import type { SeriesCharge } from '../../../shared/domain/sales-series';
import type { Db } from './database';

/**
 * The charges created in [from, to) as Semana e mês counts them, each with the name of the
 * operator who rang it (shops with operators). One indexed range read of `charges`.
 */
export function seriesCharges(db: Db, from: number, to: number): SeriesCharge[] {
  const rows = db
    .prepare(
      `SELECT c.created_at, c.status, c.flags, c.amount_cents, c.received_cents, c.demo, o.name
       FROM charges c LEFT JOIN operators o ON o.id = c.operator_id
       WHERE c.created_at >= ? AND c.created_at < ?`,
    )
    .raw()
    .all(from, to) as Array<
    [number, ChargeState, string | null, number, number | null, number, string | null]
  >;
  return rows.map(([createdAt, status, flags, amountCents, receivedCents, demo, operator]) => ({
    createdAt,
    status,
    flags: flags ? flags.split(',') : [],
    amountCents,
    demo: demo === 1,
    ...(receivedCents !== null && { receivedCents }),
    ...(operator !== null && { operator }),
  }));
}
