/**
 * An event's id on etcd: the revision of the transaction that stored it and its place among
 * that transaction's events. A transaction holds the callbacks of one group commit
 * (etcd-append-batch.ts), and one revision is shared by all of them (etcd gives a txn one
 * revision: docs/etcd-facts.md §4), so the revision alone no longer names an event.
 * The first event of a transaction keeps the plain revision (`1234`), as every id written before
 * group commit was; the others are `1234-1`, `1234-2`: the `n-m` form `idAfter` (store.ts)
 * already orders, so ids stay totally ordered per channel and old ones stay valid cursors.
 */
export interface EventPos {
  rev: bigint;
  index: number;
}

/** At most 18 digits (a revision), then an optional place in its transaction. */
const ID = /^(\d{1,18})(?:-(\d{1,4}))?$/;

export const formatId = (rev: bigint | string, index: number): string =>
  index > 0 ? `${rev}-${index}` : String(rev);

/** The position an id names, or null for one that is no etcd id (another store's, forged). */
export function parseId(id: string | null): EventPos | null {
  const m = id === null ? null : ID.exec(id);
  return m ? { rev: BigInt(m[1]!), index: Number(m[2] ?? 0) } : null;
}

/** Negative when `a` comes first on its channel. */
export function comparePos(a: EventPos, b: EventPos): number {
  if (a.rev !== b.rev) return a.rev < b.rev ? -1 : 1;
  return a.index - b.index;
}

/**
 * The place in its transaction that an event key carries: `….<index>` for every event after a
 * transaction's first, nothing for the first (and for every key written before group commit).
 * Neither the key prefix nor a channel id (CHANNEL_ID) holds a dot.
 */
export function keyIndex(key: string): number {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? 0 : Number(key.slice(dot + 1));
}

export const indexSuffix = (index: number) => (index > 0 ? `.${index}` : '');
