import { localDay, REFUSALS_KEPT } from '../../../shared/domain/callback-refusals';
import type { Db } from './database';

/** One refused callback as kept (issue 20): when, why, and the ids it named. */
export interface RefusalRecord {
  at: number;
  code: string;
  source: string;
  eventId?: string;
  ids: string[];
  /** The charge its ids named, when one exists here. */
  chargeId?: string;
}

/** Days of per-day counts kept (the notice reads today's). */
const DAYS_KEPT_MS = 31 * 86_400_000;

/**
 * Callback events applied (each event id once), rejected callbacks counted and kept (the last
 * REFUSALS_KEPT), the relay cursor.
 */
export class EventsRepo {
  constructor(private readonly db: Db) {}

  /** True when the event was new and is now recorded; false for a duplicate. */
  record(e: {
    eventId: string;
    source: string;
    recordId?: string;
    status?: string;
    outcome: string;
    at: number;
  }): boolean {
    const r = this.db
      .prepare(
        'INSERT OR IGNORE INTO callback_events (event_id, received_at, source, record_id, status, outcome) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(e.eventId, e.at, e.source, e.recordId ?? null, e.status ?? null, e.outcome);
    return r.changes === 1;
  }

  seen(eventId: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM callback_events WHERE event_id = ?').get(eventId);
  }

  countRejection(code: string): void {
    this.db
      .prepare(
        'INSERT INTO callback_rejections (code, count) VALUES (?, 1) ON CONFLICT (code) DO UPDATE SET count = count + 1',
      )
      .run(code);
  }

  /**
   * Keeps a refused callback (inside the caller's transaction): the oldest beyond REFUSALS_KEPT
   * and the per-day counts older than a month are dropped here, so a flood keeps storage flat.
   */
  keepRefusal(r: RefusalRecord): void {
    const { lastInsertRowid } = this.db
      .prepare(
        'INSERT INTO callback_refusals (at, code, source, event_id, ids, charge_id) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(r.at, r.code, r.source, r.eventId ?? null, JSON.stringify(r.ids), r.chargeId ?? null);
    this.db
      .prepare('DELETE FROM callback_refusals WHERE id <= ?')
      .run(Number(lastInsertRowid) - REFUSALS_KEPT);
    this.db
      .prepare(
        'INSERT INTO callback_refusal_days (day, code, count) VALUES (?, ?, 1) ON CONFLICT (day, code) DO UPDATE SET count = count + 1',
      )
      .run(localDay(r.at), r.code);
    this.db
      .prepare('DELETE FROM callback_refusal_days WHERE day < ?')
      .run(localDay(r.at - DAYS_KEPT_MS));
  }

  /** The refused callbacks kept, newest first. */
  refusals(limit = REFUSALS_KEPT): RefusalRecord[] {
    const rows = this.db
      .prepare(
        'SELECT at, code, source, event_id, ids, charge_id FROM callback_refusals ORDER BY id DESC LIMIT ?',
      )
      .all(limit) as Array<{
      at: number;
      code: string;
      source: string;
      event_id: string | null;
      ids: string;
      charge_id: string | null;
    }>;
    return rows.map((r) => ({
      at: r.at,
      code: r.code,
      source: r.source,
      ...(r.event_id !== null && { eventId: r.event_id }),
      ids: parseIds(r.ids),
      ...(r.charge_id !== null && { chargeId: r.charge_id }),
    }));
  }

  /** Refusals counted on a local day, by reason. */
  refusalsOn(day: string): Record<string, number> {
    const rows = this.db
      .prepare('SELECT code, count FROM callback_refusal_days WHERE day = ?')
      .all(day) as Array<{ code: string; count: number }>;
    return Object.fromEntries(rows.map((r) => [r.code, r.count]));
  }

  rejections(): Record<string, number> {
    const rows = this.db.prepare('SELECT code, count FROM callback_rejections').all() as Array<{
      code: string;
      count: number;
    }>;
    return Object.fromEntries(rows.map((r) => [r.code, r.count]));
  }

  cursor(channel: string): string | undefined {
    const r = this.db
      .prepare('SELECT last_event_id FROM relay_cursor WHERE channel = ?')
      .get(channel) as { last_event_id: string } | undefined;
    return r?.last_event_id;
  }

  setCursor(channel: string, eventId: string, at: number): void {
    this.db
      .prepare(
        'INSERT INTO relay_cursor (channel, last_event_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (channel) DO UPDATE SET last_event_id = excluded.last_event_id, updated_at = excluded.updated_at',
      )
      .run(channel, eventId, at);
  }

  /** When the relay last delivered an event on any channel (the Saúde panel's "last event"). */
  lastCursorAt(): number | undefined {
    const r = this.db.prepare('SELECT MAX(updated_at) AS at FROM relay_cursor').get() as
      { at: number | null } | undefined;
    return r?.at ?? undefined;
  }
}

function parseIds(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
