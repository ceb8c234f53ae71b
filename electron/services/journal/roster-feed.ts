// The operators' roster at a counter (issue 36, Deliver 3: "changes made there reach every
// counter"). A counter reads the shop channel through the same RelaySubscriber as the owner's feed
// and applies only roster entries the owner's Balcão signed (its Ed25519 key came in the pairing
// grant): an operator added there gets a row here, with her PIN's verifier, so she opens a shift
// with her PIN; one disabled there is disabled here, and OperatorService.current() closes her open
// shift at this counter (the existing rule). Entries are applied in the owner's seq order, with the
// cursor and the order state, in one ledger transaction: a restart resumes, nothing applies twice.
// The owner's roster snapshot (roster-snapshot.ts) carries the whole roster with a version.
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { RawCallback } from '../callbacks/intake';
import { RelaySubscriber, type RelayEventSink } from '../callbacks/relay-subscriber';
import type { Db } from '../ledger/database';
import type { KvRepo } from '../ledger/kv-repo';
import type { JournalEntry } from './entry';
import { place, type OrderState } from './order';
import { JournalReader, type Refusal } from './reader';
import { openNewKey } from './rekey';
import { applySnapshot, isPinHash, isSnapshot } from './roster-snapshot';
import { unseal, type Envelope } from './seal';

export interface OwnerKey {
  readonly terminal: string;
  /** SPKI PEM: public, so it lives in the ledger's kv. */
  readonly publicKey: string;
}

const OWNER = 'journal.owner';
const ORDER = 'roster.order';

export const readOwner = (kv: KvRepo): OwnerKey | undefined => kv.get<OwnerKey>(OWNER);
export const saveOwner = (kv: KvRepo, o: OwnerKey): void => kv.set(OWNER, o);

/** Why a counter did not apply a roster entry ('not-owner': another member wrote it). */
export type RosterRefusal = Refusal | 'not-owner' | 'bad-entry';

export interface RosterFeedDeps {
  db: Db;
  kv: KvRepo;
  shop: string;
  keys: ReadonlyMap<number, Buffer>;
  owner: OwnerKey;
  /** This counter, and its X25519 key: a `shop-rekey` entry's box for it opens with it (rekey.ts). */
  terminal?: string;
  boxKey?: KeyObject;
  /** The owner's new shop key, opened: the counter keeps it and seals under it from then on. */
  onNewKey?: (epoch: number, key: Buffer) => void;
  relayUrl: string;
  channelId: string;
  token: () => Promise<string | null>;
  fetch?: typeof fetch;
  now?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

interface SavedOrder {
  next: number;
  held: JournalEntry[];
}

export class RosterFeed {
  private readonly reader: JournalReader;
  private readonly ownerKey: KeyObject;
  private subscriber: RelaySubscriber | null = null;
  private readonly cursorKey: string;
  /** The shop keys it holds: the pairing's, and any new one the owner boxed for it since. */
  private readonly keys: Map<number, Buffer>;

  constructor(private readonly d: RosterFeedDeps) {
    this.cursorKey = `roster:${d.channelId}`;
    this.ownerKey = createPublicKey(d.owner.publicKey);
    this.keys = new Map(d.keys);
    // The owner is the only member this reader knows: any other author is refused.
    this.reader = new JournalReader(d.shop);
    for (const [epoch, key] of d.keys) this.reader.addKey(epoch, key);
    this.reader.addTerminal(d.owner.terminal, this.ownerKey);
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
      onState: () => {},
      ...(this.d.fetch && { fetch: this.d.fetch }),
      baseDelayMs: this.d.baseDelayMs ?? 250,
      maxDelayMs: this.d.maxDelayMs ?? 1_500,
    });
    this.subscriber.start();
  }

  stop(): void {
    this.subscriber?.stop();
    this.subscriber = null;
  }

  cursor(): string | undefined {
    const r = this.d.db
      .prepare('SELECT last_event_id FROM relay_cursor WHERE channel = ?')
      .get(this.cursorKey) as { last_event_id: string } | undefined;
    return r?.last_event_id;
  }

  /** Roster entries refused at this counter, by reason. */
  counts(): Partial<Record<RosterRefusal, number>> {
    const out: Partial<Record<RosterRefusal, number>> = {};
    const rows = this.d.db
      .prepare("SELECT reason, count FROM journal_refusals WHERE reason LIKE 'roster:%'")
      .all() as Array<{ reason: string; count: number }>;
    for (const r of rows) out[r.reason.slice('roster:'.length) as RosterRefusal] = r.count;
    return out;
  }

  /** The owner's entries applied so far (its next expected seq minus one). */
  appliedSeq(): number {
    return this.loadOrder().next - 1;
  }

  /** One event of the shop channel: checked, ordered, applied with the cursor, or counted. */
  handle(body: string, eventId: string | undefined): void {
    let msg: Partial<Envelope> | undefined;
    try {
      msg = JSON.parse(body) as Partial<Envelope>;
    } catch {
      msg = undefined;
    }
    this.d.db.transaction(() => {
      if (eventId) this.saveCursor(eventId);
      // Pairing messages and garbage: the owner's feed counts those; a counter has no use for them.
      if (!msg || typeof msg !== 'object' || typeof msg.sig !== 'string') return;
      const env = msg as Envelope;
      if (env.terminal !== this.d.owner.terminal) {
        // Another member's sales are none of the counter's business; its roster entries are refused.
        const key = this.keys.get(env.epoch);
        const e = key ? (unseal(env, key) as Partial<JournalEntry> | undefined) : undefined;
        if (typeof e?.kind === 'string' && e.kind.startsWith('roster-')) this.count('not-owner');
        return;
      }
      const saved = this.loadOrder();
      if (env.seq < saved.next) return; // applied before (a redelivery after a restart)
      const r = this.reader.read(env);
      if (!r.ok) return this.count(r.refusal);
      // A snapshot holds the whole roster: it supersedes every earlier entry of the owner, so the
      // order jumps to it (a gap before it, e.g. entries the relay's retention purged, no longer
      // holds anything back).
      const snap = r.entry.kind === 'roster-snapshot';
      const from = snap ? Math.max(saved.next, r.entry.seq) : saved.next;
      const state: OrderState = {
        next: new Map([[this.d.owner.terminal, from]]),
        held: new Map([
          [
            this.d.owner.terminal,
            new Map(saved.held.filter((e) => e.seq >= from).map((e) => [e.seq, e])),
          ],
        ]),
      };
      const placed = place(state, r.entry);
      for (const e of placed.released) this.apply(e);
      const held = placed.state.held.get(this.d.owner.terminal);
      this.d.kv.set(ORDER, {
        next: placed.state.next.get(this.d.owner.terminal) ?? saved.next,
        held: held ? [...held.values()] : [],
      } satisfies SavedOrder);
    })();
  }

  private apply(e: JournalEntry): void {
    const at = this.d.now?.() ?? Date.now();
    if (e.kind === 'roster-operator-added') {
      const name = e.operator?.name?.trim();
      const role = e.roster?.role;
      if (!name || (role !== 'cashier' && role !== 'supervisor') || !isPinHash(e.roster?.pinHash))
        return this.count('bad-entry');
      // OR IGNORE: an entry applied twice (or an operator already here) changes nothing.
      this.d.db
        .prepare(
          `INSERT OR IGNORE INTO operators (id, name, pin_hash, role, active, created_at, updated_at)
           VALUES (?, ?, ?, ?, 1, ?, ?)`,
        )
        .run(e.subject, name, JSON.stringify(e.roster!.pinHash), role, at, at);
    } else if (e.kind === 'roster-snapshot') {
      // The highest version wins; an older one (replayed, or reordered) changes nothing.
      if (!isSnapshot(e.snapshot)) return this.count('bad-entry');
      applySnapshot(this.d.db, this.d.kv, e.snapshot, at);
    } else if (e.kind === 'shop-rekey') {
      // The owner's new key, in this counter's box (none for a removed one, nor for a counter
      // paired before box keys: it pairs again).
      const got =
        this.d.terminal && this.d.boxKey
          ? openNewKey(this.d.shop, this.d.terminal, e.rekey, this.d.boxKey)
          : undefined;
      if (!got) return;
      this.keys.set(got.epoch, got.key);
      this.reader.addKey(got.epoch, got.key);
      this.d.onNewKey?.(got.epoch, got.key);
    } else if (e.kind === 'roster-operator-disabled') {
      // Her open shift here is closed by OperatorService.current() at the counter's next action.
      this.d.db
        .prepare('UPDATE operators SET active = 0, updated_at = ? WHERE id = ? AND active = 1')
        .run(at, e.subject);
    }
  }

  private loadOrder(): SavedOrder {
    return this.d.kv.get<SavedOrder>(ORDER) ?? { next: 1, held: [] };
  }

  private count(reason: RosterRefusal): void {
    this.d.db
      .prepare(
        'INSERT INTO journal_refusals (reason, count) VALUES (?, 1) ON CONFLICT (reason) DO UPDATE SET count = count + 1',
      )
      .run(`roster:${reason}`);
  }

  private saveCursor(eventId: string): void {
    this.d.db
      .prepare(
        'INSERT INTO relay_cursor (channel, last_event_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (channel) DO UPDATE SET last_event_id = excluded.last_event_id, updated_at = excluded.updated_at',
      )
      .run(this.cursorKey, eventId, Date.now());
  }
}
