// This terminal's journal outbox (issue 36, Deliver 3): each fact sealed once, in the fact's own
// ledger transaction, numbered 1, 2, 3… in the order recorded; the publisher sends them in that
// order and marks each sent once the relay stored it.
import type { KeyObject } from 'node:crypto';
import type { Db } from '../ledger/database';
import { buildEntry, entryId, type OperatorOf, type SaleFact } from './entry';
import { seal, type Envelope, type ShopKey } from './seal';

/** What sealing needs, held in memory once read from the keychain (journal-keys.ts). */
export interface WriterKeys {
  readonly shopKey: ShopKey;
  readonly signingKey: KeyObject;
}

export type RecordResult =
  | { ok: true; seq: number; duplicate: boolean }
  | { ok: false; code: 'JOURNAL_NOT_PAIRED' | 'JOURNAL_BAD_FACT' };

export interface OutboxRow {
  readonly seq: number;
  readonly entryId: string;
  readonly envelope: Envelope;
}

export class JournalOutbox {
  constructor(
    private readonly db: Db,
    private readonly terminal: string,
    private readonly keys: () => WriterKeys | null,
    private readonly now: () => number = Date.now,
    private readonly operatorOf?: OperatorOf,
  ) {}

  /**
   * Records one fact. Synchronous so it joins the caller's transaction (better-sqlite3 nests
   * them): the fact and its outbox row commit or roll back together. The same fact again (same
   * kind + subject, hence the same entry id) is not recorded twice.
   */
  record(fact: SaleFact): RecordResult {
    const keys = this.keys();
    if (!keys) return { ok: false, code: 'JOURNAL_NOT_PAIRED' };
    return this.db.transaction((): RecordResult => {
      const id = entryId(fact.kind, fact.subject);
      const had = this.db.prepare('SELECT seq FROM journal_outbox WHERE entry_id = ?').get(id) as
        { seq: number } | undefined;
      if (had) return { ok: true, seq: had.seq, duplicate: true };
      const { top } = this.db.prepare('SELECT MAX(seq) AS top FROM journal_outbox').get() as {
        top: number | null;
      };
      // Above what this terminal published before a restored backup too (resume.ts).
      const floor = this.db
        .prepare("SELECT value FROM kv WHERE key = 'journal:seq_floor'")
        .get() as { value: string } | undefined;
      const seq = Math.max(top ?? 0, floor ? Number(JSON.parse(floor.value)) : 0) + 1;
      const built = buildEntry(fact, this.terminal, seq, this.operatorOf);
      if (!built.ok) return { ok: false, code: 'JOURNAL_BAD_FACT' };
      const envelope = seal(built.entry, keys.shopKey, keys.signingKey);
      this.db
        .prepare(
          'INSERT INTO journal_outbox (seq, entry_id, envelope, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(seq, id, JSON.stringify(envelope), this.now());
      return { ok: true, seq, duplicate: false };
    })();
  }

  /** The oldest unsent entries, in seq order. */
  unsent(limit = 100): OutboxRow[] {
    const rows = this.db
      .prepare(
        'SELECT seq, entry_id, envelope FROM journal_outbox WHERE sent_at IS NULL ORDER BY seq LIMIT ?',
      )
      .all(limit) as Array<{ seq: number; entry_id: string; envelope: string }>;
    return rows.map((r) => ({
      seq: r.seq,
      entryId: r.entry_id,
      envelope: JSON.parse(r.envelope) as Envelope,
    }));
  }

  markSent(seq: number): void {
    this.db
      .prepare('UPDATE journal_outbox SET sent_at = ? WHERE seq = ? AND sent_at IS NULL')
      .run(this.now(), seq);
  }

  pending(): number {
    return (
      this.db.prepare('SELECT COUNT(*) AS n FROM journal_outbox WHERE sent_at IS NULL').get() as {
        n: number;
      }
    ).n;
  }
}
