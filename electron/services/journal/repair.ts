// Re-pairing a counter already in the shop (issue 36): the owner's code gives it a new signing key
// (the owner replaces its public key in journal_members) and the shop's current keys. Facts it
// recorded and has not yet sent were sealed and signed with the old key, which the owner no longer
// trusts: each is opened with the old shop keys and sealed again, same entry id and seq, so the
// ledger's sales, outbox and cursors carry on untouched.
import type { Db } from '../ledger/database';
import type { JournalEntry } from './entry';
import type { WriterKeys } from './outbox';
import { seal, unseal, type Envelope } from './seal';

/** Re-signs every unsent outbox row; answers how many. Call while the publisher is stopped. */
export function resealUnsent(
  db: Db,
  oldKeys: ReadonlyMap<number, Buffer>,
  now: WriterKeys,
): number {
  const rows = db
    .prepare('SELECT seq, envelope FROM journal_outbox WHERE sent_at IS NULL ORDER BY seq')
    .all() as Array<{ seq: number; envelope: string }>;
  const update = db.prepare('UPDATE journal_outbox SET envelope = ? WHERE seq = ?');
  let n = 0;
  db.transaction(() => {
    for (const r of rows) {
      const env = JSON.parse(r.envelope) as Envelope;
      const key = oldKeys.get(env.epoch);
      const entry = key ? (unseal(env, key) as JournalEntry | undefined) : undefined;
      // Not openable (should not happen: it is this counter's own row): left as it was.
      if (!entry) continue;
      update.run(JSON.stringify(seal(entry, now.shopKey, now.signingKey)), r.seq);
      n += 1;
    }
  })();
  return n;
}
