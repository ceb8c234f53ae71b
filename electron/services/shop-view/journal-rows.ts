import type { ShopEntry } from '../../../shared/domain/shop-day';
import type { Db } from '../ledger/database';

/**
 * The shop journal's entries this Balcão applied (journal/feed.ts: authenticated, released in
 * each terminal's seq order). Entries held behind a gap are not shown until the gap fills.
 */
export function appliedEntries(db: Db): ShopEntry[] {
  return (
    db
      .prepare(
        'SELECT entry_json, received_at FROM journal_entries WHERE applied = 1 ORDER BY terminal, seq',
      )
      .all() as Array<{ entry_json: string; received_at: number | null }>
  ).map((r) => ({
    ...(JSON.parse(r.entry_json) as ShopEntry),
    ...(r.received_at !== null && { receivedAt: r.received_at }),
  }));
}

/** Terminals removed from the shop (journal_members.last_seq set by journal/removal.ts). */
export function removedTerminals(db: Db): ReadonlySet<string> {
  return new Set(
    db
      .prepare('SELECT terminal FROM journal_members WHERE last_seq IS NOT NULL')
      .pluck()
      .all() as string[],
  );
}

/** Whether the shop journal told this Balcão anything: the owner's menu offers Loja then. */
export function hasShopJournal(db: Db): boolean {
  return db.prepare('SELECT 1 FROM journal_entries WHERE applied = 1 LIMIT 1').get() !== undefined;
}
