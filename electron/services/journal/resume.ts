// A restored backup numbers on (issue 36, "nothing twice"; docs/journal.md "Restoring a backup").
// Before a terminal's publisher sends anything, it reads the shop channel once and learns which
// seqs it has already published (its own entries: header terminal = itself, signature checked
// with its own public key, so neither the relay nor another terminal can move its numbering).
// Then, in one ledger transaction:
// - an unsent outbox row whose exact envelope is already on the channel (same signature: the
//   relay stored it and the answer was lost, or a backup taken before it was marked sent) is
//   marked sent: never published twice;
// - an unsent row whose seq is taken on the channel by another envelope (facts recorded after the
//   backup, published, then lost with the restore) is renumbered above the highest published seq
//   and sealed again: it was never published, so a new seq is not a second copy;
// - the floor (kv `journal:seq_floor`) becomes that highest seq, so new facts number above it.
// Crash cases: the transaction commits whole or not at all; the read is redone at each start, so
// a crash before it changes nothing and a crash after it finds the renumbered rows free.
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { RawCallback } from '../callbacks/intake';
import { RelaySubscriber } from '../callbacks/relay-subscriber';
import type { Db } from '../ledger/database';
import type { WriterKeys } from './outbox';
import { seal, unseal, verifySignature, type Envelope } from './seal';
import type { JournalEntry } from './entry';

export const SEQ_FLOOR_KEY = 'journal:seq_floor';

/** This terminal's own published entries: seq → signature. */
export type Published = ReadonlyMap<number, string>;

export interface ReadOwnDeps {
  relayUrl: string;
  channelId: string;
  token: () => Promise<string | null>;
  terminal: string;
  publicKey: KeyObject;
  fetch?: typeof fetch;
  /**
   * The relay sends what the channel holds right after the stream opens, then live events and a
   * heartbeat every 15 s; it has no end-of-backlog marker, so the read ends once the stream was
   * open and quiet this long (an assumption about the relay's own stream, named in the doc).
   */
  quietMs?: number;
  /** Gives up (the publisher backs off and tries again) after this long. */
  timeoutMs?: number;
}

/**
 * Reads the whole channel from its start. Why whole: the relay offers only its SSE stream, and
 * a restored ledger has no trustworthy cursor of its own (its cursor is the backup's); entries
 * are small and the channel is purged by the relay's retention, so one read per start is cheap.
 * Only headers and signatures are checked: nothing is decrypted.
 */
export function readOwnPublished(d: ReadOwnDeps): Promise<Published | null> {
  const quietMs = d.quietMs ?? 1_500;
  const mine = new Map<number, string>();
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const finish = (v: Published | null) => {
      if (done) return;
      done = true;
      clearTimeout(quiet);
      clearTimeout(limit);
      sub.stop();
      resolve(v);
    };
    const rearm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => finish(mine), quietMs);
    };
    const limit = setTimeout(() => finish(null), d.timeoutMs ?? 30_000);
    let cursor: string | undefined;
    const sub = new RelaySubscriber({
      relayUrl: d.relayUrl.replace(/\/+$/, ''),
      channelId: d.channelId,
      token: d.token,
      cursor: () => cursor,
      onState: (st) => {
        if (st === 'connected') rearm();
      },
      ...(d.fetch && { fetch: d.fetch }),
      baseDelayMs: 100,
      maxDelayMs: 1_000,
      intake: {
        handle: async (raw: RawCallback, _s: string, at?: { eventId: string }) => {
          if (at?.eventId) cursor = at.eventId;
          rearm();
          const env = ownEnvelope(raw, d.terminal);
          if (env && verifySignature(env, d.publicKey)) mine.set(env.seq, env.sig);
          return {
            accepted: true,
            eventId: at?.eventId ?? '',
            outcome: 'journal',
            duplicate: false,
          };
        },
      },
    });
    sub.start();
  });
}

function ownEnvelope(raw: RawCallback, terminal: string): Envelope | null {
  try {
    const text = typeof raw.body === 'string' ? raw.body : Buffer.from(raw.body).toString('utf8');
    const e = JSON.parse(text) as Partial<Envelope>;
    if (e.terminal !== terminal || !Number.isSafeInteger(e.seq) || typeof e.sig !== 'string')
      return null;
    if (typeof e.nonce !== 'string' || typeof e.ct !== 'string' || typeof e.shop !== 'string')
      return null;
    return e as Envelope;
  } catch {
    return null;
  }
}

export interface ResumePlan {
  /** Unsent rows already on the channel, byte for byte. */
  readonly markSent: readonly number[];
  /** Unsent rows whose seq another envelope took: old seq → new seq, in order. */
  readonly renumber: ReadonlyArray<readonly [number, number]>;
  readonly floor: number;
}

/** Pure: what to do with the unsent rows (seq + signature, in seq order) given the channel. */
export function planResume(
  unsent: ReadonlyArray<{ seq: number; sig: string }>,
  published: Published,
  sentTop: number,
): ResumePlan {
  let floor = sentTop;
  for (const seq of published.keys()) floor = Math.max(floor, seq);
  const markSent: number[] = [];
  const renumber: Array<[number, number]> = [];
  const keep: number[] = [];
  for (const r of unsent) {
    if (published.get(r.seq) === r.sig) markSent.push(r.seq);
    else keep.push(r.seq);
  }
  // Rows at or below the floor move above it; once one moves, every later one moves too, so
  // the order recorded is kept and readers never wait for a seq that will not come.
  let next = floor;
  for (const seq of keep) if (renumber.length > 0 || seq <= floor) renumber.push([seq, ++next]);
  return { markSent, renumber, floor: Math.max(floor, next) };
}

/** Applies the plan in one transaction; rows renumbered are sealed again under the new seq. */
export function applyResume(
  db: Db,
  keys: WriterKeys,
  published: Published,
  now: number,
): ResumePlan {
  return db.transaction((): ResumePlan => {
    const rows = db
      .prepare('SELECT seq, envelope FROM journal_outbox WHERE sent_at IS NULL ORDER BY seq')
      .all() as Array<{ seq: number; envelope: string }>;
    const { top } = db
      .prepare('SELECT MAX(seq) AS top FROM journal_outbox WHERE sent_at IS NOT NULL')
      .get() as { top: number | null };
    const envs = new Map(rows.map((r) => [r.seq, JSON.parse(r.envelope) as Envelope]));
    const plan = planResume(
      rows.map((r) => ({ seq: r.seq, sig: envs.get(r.seq)!.sig })),
      published,
      top ?? 0,
    );
    const sent = db.prepare('UPDATE journal_outbox SET sent_at = ? WHERE seq = ?');
    for (const seq of plan.markSent) sent.run(now, seq);
    // Highest first would collide with rows still below: move through negative seqs first.
    const move = db.prepare('UPDATE journal_outbox SET seq = ?, envelope = ? WHERE seq = ?');
    for (const [from] of plan.renumber) move.run(-from, '{}', from);
    for (const [from, to] of plan.renumber) {
      const env = envs.get(from)!;
      const entry = unseal(env, keys.shopKey.key) as JournalEntry | undefined;
      if (!entry) throw new Error('journal outbox row unreadable under the shop key');
      const again = seal({ ...entry, seq: to }, keys.shopKey, keys.signingKey);
      move.run(to, JSON.stringify(again), -from);
    }
    db.prepare(
      `INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ).run(SEQ_FLOOR_KEY, JSON.stringify(plan.floor));
    return plan;
  })();
}

/** The publisher's `prepare`: read the channel, then plan and apply; false = try again later. */
export async function resumeBeforeSending(
  d: Omit<ReadOwnDeps, 'publicKey'> & { db: Db; keys: () => WriterKeys | null; now?: () => number },
): Promise<boolean> {
  const keys = d.keys();
  if (!keys) return false;
  const published = await readOwnPublished({ ...d, publicKey: createPublicKey(keys.signingKey) });
  if (!published) return false;
  applyResume(d.db, keys, published, (d.now ?? Date.now)());
  return true;
}
