// The owner's whole roster as one versioned journal entry (issue 36, Deliver 3: "changes made
// there reach every counter"). The owner's Balcão publishes it on every roster change (add,
// disable, re-enable, PIN, name, role), when the shop is made and when a terminal pairs; a counter
// applies the highest version it has seen: upsert every operator, disable (never delete) whoever
// is missing, so her past sales keep her name. docs/journal.md, "The roster snapshot".
import type { Db } from '../ledger/database';
import type { KvRepo } from '../ledger/kv-repo';
import type { RosterDetail, RosterMember, RosterSnapshot } from './entry';

/** Owner: the last version published. Counter: the highest version applied. */
const PUBLISHED = 'roster.published';
const APPLIED = 'roster.applied';

/**
 * Monotonic and above anything published before a restored backup: the last version + 1, or the
 * clock in ms when that is higher (a backup restored on the owner's PC would otherwise number
 * again from an old version, and counters would ignore its changes as "older").
 */
export const nextVersion = (last: number | undefined, now: number): number =>
  Math.max((last ?? 0) + 1, Math.floor(now));

interface Row {
  id: string;
  name: string;
  pin_hash: string;
  role: 'cashier' | 'supervisor';
  active: number;
}

/** The owner's roster now, with the next version (recorded in kv in the caller's transaction). */
export function takeSnapshot(db: Db, kv: KvRepo, now: number): RosterSnapshot {
  const version = nextVersion(kv.get<number>(PUBLISHED), now);
  kv.set(PUBLISHED, version);
  const rows = db.prepare('SELECT * FROM operators ORDER BY id').all() as Row[];
  return {
    version,
    operators: rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      active: r.active === 1,
      pinHash: JSON.parse(r.pin_hash) as RosterDetail['pinHash'],
    })),
  };
}

export const isPinHash = (h: unknown): h is RosterDetail['pinHash'] => {
  const o = h as Record<string, unknown> | null;
  return (
    !!o &&
    typeof o.salt === 'string' &&
    /^[0-9a-f]{32,}$/.test(o.salt) &&
    typeof o.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(o.hash) &&
    [o.N, o.r, o.p].every((n) => Number.isSafeInteger(n) && (n as number) > 0)
  );
};

const isMember = (m: unknown): m is RosterMember => {
  const o = m as Partial<RosterMember> | null;
  return (
    !!o &&
    typeof o.id === 'string' &&
    o.id.length > 0 &&
    typeof o.name === 'string' &&
    o.name.trim().length > 0 &&
    (o.role === 'cashier' || o.role === 'supervisor') &&
    typeof o.active === 'boolean' &&
    isPinHash(o.pinHash)
  );
};

/** A snapshot a counter may apply: a positive safe-integer version, every member well formed. */
export const isSnapshot = (s: unknown): s is RosterSnapshot => {
  const o = s as Partial<RosterSnapshot> | null;
  return (
    !!o &&
    Number.isSafeInteger(o.version) &&
    (o.version as number) > 0 &&
    Array.isArray(o.operators) &&
    o.operators.every(isMember) &&
    new Set(o.operators.map((m) => m.id)).size === o.operators.length
  );
};

export const appliedVersion = (kv: KvRepo): number => kv.get<number>(APPLIED) ?? 0;
/** Every operator id an applied owner's snapshot listed at this counter. */
const OWNED = 'roster.owned';

/**
 * Applies a snapshot at a counter, inside the caller's transaction. Older or equal versions change
 * nothing (answer false). Rows are written directly (not through OperatorsRepo), so the counter
 * does not journal the owner's change again. A disabled operator's open shift closes by
 * OperatorService.current()'s rule; a new PIN verifier takes effect at her next entry.
 */
export function applySnapshot(db: Db, kv: KvRepo, s: RosterSnapshot, at: number): boolean {
  if (s.version <= appliedVersion(kv)) return false;
  const upsert = db.prepare(
    `INSERT INTO operators (id, name, pin_hash, role, active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, pin_hash = excluded.pin_hash,
       role = excluded.role, active = excluded.active, updated_at = excluded.updated_at`,
  );
  for (const m of s.operators)
    upsert.run(m.id, m.name.trim(), JSON.stringify(m.pinHash), m.role, m.active ? 1 : 0, at, at);
  const ids = s.operators.map((m) => m.id);
  // An operator an earlier owner's snapshot listed and this one lacks (an owner's backup restored
  // from before she existed): disabled here, never deleted (her sales keep her name). Cashiers this
  // counter added itself are its own: a snapshot never locks them out mid-shift.
  const owned = kv.get<string[]>(OWNED) ?? [];
  const gone = owned.filter((id) => !ids.includes(id));
  db.prepare(
    `UPDATE operators SET active = 0, updated_at = ? WHERE active = 1
     AND id IN (SELECT value FROM json_each(?))`,
  ).run(at, JSON.stringify(gone));
  kv.set(OWNED, [...new Set([...owned, ...ids])]);
  kv.set(APPLIED, s.version);
  return true;
}
