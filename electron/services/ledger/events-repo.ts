import type { Db } from './database';

/** Callback events applied (each event id once), rejected callbacks counted, the relay cursor. */
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
