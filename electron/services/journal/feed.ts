// The reading side of the shop journal (issue 36, Deliver 3), for the owner's view: the shop
// channel read as Server-Sent Events through the same RelaySubscriber as callbacks (reconnect,
// back-off, Last-Event-ID), each event checked by JournalReader, put in order by order.ts and
// kept in the ledger with the cursor in one transaction, so a restart resumes where it was.
import { createPublicKey } from 'node:crypto';
import type { RawCallback } from '../callbacks/intake';
import { RelaySubscriber, type RelayEventSink } from '../callbacks/relay-subscriber';
import type { Db } from '../ledger/database';
import type { JournalEntry } from './entry';
import { emptyOrder, place, type OrderState } from './order';
import { JournalReader, type Refusal } from './reader';
import type { Envelope } from './seal';

/** A pairing message on the shop channel (pairing.ts), handed on as read. */
export interface PairingMessage {
  readonly type: 'join' | 'grant';
  readonly code: string;
  readonly box: string;
}

export interface FeedDeps {
  db: Db;
  shop: string;
  /** The shop key's epochs this Balcão holds (keychain). */
  keys: ReadonlyMap<number, Buffer>;
  relayUrl: string;
  channelId: string;
  token: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Entries released in order, after they were committed. */
  onApplied?: (entries: readonly JournalEntry[]) => void;
  /** The owner's clock (when an entry reached her: Loja's "seen"). */
  now?: () => number;
  onPairing?: (m: PairingMessage) => void;
  onState?: (state: string) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export type FeedCounts = Record<Refusal | 'redelivered' | 'unreadable', number>;

export class JournalFeed {
  readonly reader: JournalReader;
  private order: OrderState;
  private subscriber: RelaySubscriber | null = null;
  private readonly cursorKey: string;

  constructor(private readonly d: FeedDeps) {
    this.cursorKey = `journal:${d.channelId}`;
    this.reader = new JournalReader(d.shop);
    for (const [epoch, key] of d.keys) this.reader.addKey(epoch, key);
    this.loadMembers();
    this.order = this.loadOrder();
  }

  /** Re-reads the shop's terminals (after a pairing or a removal). */
  loadMembers(): void {
    const rows = this.d.db
      .prepare('SELECT terminal, public_key, last_seq FROM journal_members')
      .all() as Array<{ terminal: string; public_key: string; last_seq: number | null }>;
    for (const r of rows) {
      this.reader.addTerminal(r.terminal, createPublicKey(r.public_key));
      if (r.last_seq !== null) this.reader.removeTerminal(r.terminal, r.last_seq);
    }
  }

  private loadOrder(): OrderState {
    const rows = this.d.db
      .prepare('SELECT terminal, seq, entry_id, entry_json, applied FROM journal_entries')
      .all() as Array<{
      terminal: string;
      seq: number;
      entry_id: string;
      entry_json: string;
      applied: number;
    }>;
    let state = emptyOrder();
    for (const r of rows) this.reader.remember(r.terminal, r.seq, r.entry_id);
    // Re-placing what was kept rebuilds the order exactly (place is pure and ignores seen seqs).
    for (const r of rows.sort((a, b) => a.seq - b.seq))
      state = place(state, JSON.parse(r.entry_json) as JournalEntry).state;
    return state;
  }

  start(): void {
    const sink: RelayEventSink = {
      handle: async (raw: RawCallback, _source: string, cursor?: { eventId: string }) => {
        this.handle(
          typeof raw.body === 'string' ? raw.body : Buffer.from(raw.body).toString(),
          cursor?.eventId,
        );
        return {
          accepted: true,
          eventId: cursor?.eventId ?? '',
          outcome: 'journal',
          duplicate: false,
        };
      },
    };
    this.subscriber = new RelaySubscriber({
      relayUrl: this.d.relayUrl.replace(/\/+$/, ''),
      channelId: this.d.channelId,
      token: this.d.token,
      intake: sink,
      cursor: () => this.cursor(),
      onState: (s) => this.d.onState?.(s),
      ...(this.d.fetch && { fetch: this.d.fetch }),
      baseDelayMs: this.d.baseDelayMs ?? 250,
      maxDelayMs: this.d.maxDelayMs ?? 1_500,
    });
    this.subscriber.start();
  }

  stop(): void {
    this.subscriber?.stop();
  }

  cursor(): string | undefined {
    const r = this.d.db
      .prepare('SELECT last_event_id FROM relay_cursor WHERE channel = ?')
      .get(this.cursorKey) as { last_event_id: string } | undefined;
    return r?.last_event_id;
  }

  /** Refusals by reason, plus second copies dropped and events that were not entries at all. */
  counts(): FeedCounts {
    const out: FeedCounts = { ...this.reader.refused, redelivered: 0, unreadable: 0 };
    for (const k of Object.keys(out) as Array<keyof FeedCounts>) out[k] = 0;
    const rows = this.d.db.prepare('SELECT reason, count FROM journal_refusals').all() as Array<{
      reason: keyof FeedCounts;
      count: number;
    }>;
    for (const r of rows) out[r.reason] = r.count;
    return out;
  }

  /** Applied entries (released in order), oldest first by arrival at this Balcão. */
  applied(): JournalEntry[] {
    return (
      this.d.db
        .prepare('SELECT entry_json FROM journal_entries WHERE applied = 1 ORDER BY rowid')
        .all() as Array<{ entry_json: string }>
    ).map((r) => JSON.parse(r.entry_json) as JournalEntry);
  }

  /** One event's body from the shop channel: checked, ordered, kept with the cursor. */
  handle(body: string, eventId: string | undefined): void {
    let msg: unknown;
    try {
      msg = JSON.parse(body);
    } catch {
      msg = undefined;
    }
    const db = this.d.db;
    let released: JournalEntry[] = [];
    let pairing: PairingMessage | null = null;
    db.transaction(() => {
      if (eventId) this.saveCursor(eventId);
      const m = msg as Partial<PairingMessage & Envelope> | undefined;
      if (m && (m.type === 'join' || m.type === 'grant')) {
        pairing = m as PairingMessage;
        return;
      }
      if (!m || typeof m !== 'object' || typeof m.sig !== 'string') return this.count('unreadable');
      const env = m as Envelope;
      const same = db
        .prepare('SELECT sig FROM journal_entries WHERE terminal = ? AND seq = ?')
        .get(env.terminal, env.seq) as { sig: string } | undefined;
      // A byte-identical second copy (a POST retried after its answer was lost): nothing new.
      if (same && same.sig === env.sig) return this.count('redelivered');
      const r = this.reader.read(env);
      if (!r.ok) return this.count(r.refusal);
      db.prepare(
        'INSERT INTO journal_entries (terminal, seq, entry_id, kind, entry_json, sig, applied, received_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)',
      ).run(
        r.entry.terminal,
        r.entry.seq,
        r.entry.id,
        r.entry.kind,
        JSON.stringify(r.entry),
        env.sig,
        (this.d.now ?? Date.now)(),
      );
      const placed = place(this.order, r.entry);
      const mark = db.prepare(
        'UPDATE journal_entries SET applied = 1 WHERE terminal = ? AND seq = ?',
      );
      for (const e of placed.released) mark.run(e.terminal, e.seq);
      this.order = placed.state;
      released = placed.released;
    })();
    if (released.length > 0) this.d.onApplied?.(released);
    if (pairing) this.d.onPairing?.(pairing);
  }

  private count(reason: keyof FeedCounts): void {
    this.d.db
      .prepare(
        'INSERT INTO journal_refusals (reason, count) VALUES (?, 1) ON CONFLICT (reason) DO UPDATE SET count = count + 1',
      )
      .run(reason);
  }

  private saveCursor(eventId: string): void {
    this.d.db
      .prepare(
        'INSERT INTO relay_cursor (channel, last_event_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (channel) DO UPDATE SET last_event_id = excluded.last_event_id, updated_at = excluded.updated_at',
      )
      .run(this.cursorKey, eventId, Date.now());
  }
}
