import type { Db } from './database';

/** Charges whose payment was applied in [from, to) (a late one included), with when. */
export function paidBetween(db: Db, from: number, to: number): Map<string, number> {
  return new Map(
    db
      .prepare(
        `SELECT charge_id, MIN(at) FROM charge_history
         WHERE to_status = 'PAID' AND from_status IS NOT 'PAID' AND at >= ? AND at < ?
         GROUP BY charge_id`,
      )
      .raw()
      .all(from, to) as Array<[string, number]>,
  );
}
