// A counter's heartbeat in the shop journal (issue 36: the owner's view shows "every counter's
// state"). Without it a counter with no sales reads "sem notícia" and is shown by its terminal id:
// every few minutes it records one `counter-status` entry with the name given to it in
// Configurações. At most one is ever waiting in the outbox, so a counter offline for hours does
// not queue hundreds of them; the owner places "seen" by when the entry reached her (feed.ts),
// not by the counter's clock.
import type { Db } from '../ledger/database';
import { KvRepo } from '../ledger/kv-repo';
import { counterName, type SaleFact } from './entry';
import type { JournalOutbox } from './outbox';

export const HEARTBEAT_EVERY_MS = 5 * 60_000;
const LAST = 'journal:status_seq';

/**
 * The heartbeat of one time slot (pure). Same slot and name, same entry id (recorded once); a
 * renamed counter writes again within the slot, so the owner sees the new name now.
 */
export function statusFact(terminal: string, name: string, now: number, everyMs: number): SaleFact {
  const slot = Math.floor(now / everyMs);
  const n = counterName(name);
  return {
    kind: 'counter-status',
    subject: `status:${terminal}:${slot}:${n}`,
    at: new Date(now).toISOString(),
    counter: { name: n },
  };
}

export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly kv: KvRepo;

  constructor(
    private readonly d: {
      db: Db;
      outbox: JournalOutbox;
      terminal: string;
      /** The counter's name now (settings); undefined: nothing to say yet. */
      name: () => string | undefined;
      now: () => number;
      everyMs: number;
      /** After one was recorded (the publisher's kick). */
      onRecorded: () => void;
    },
  ) {
    this.kv = new KvRepo(d.db);
  }

  /** Records this slot's heartbeat, unless the last one has not left yet. */
  beat(): void {
    const name = this.d.name()?.trim();
    if (!name) return;
    const last = this.kv.get<number>(LAST);
    if (last !== undefined) {
      const row = this.d.db
        .prepare('SELECT sent_at FROM journal_outbox WHERE seq = ?')
        .get(last) as { sent_at: number | null } | undefined;
      if (row && row.sent_at === null) return;
    }
    this.d.db.transaction(() => {
      const r = this.d.outbox.record(
        statusFact(this.d.terminal, name, this.d.now(), this.d.everyMs),
      );
      if (!r.ok || r.duplicate) return;
      this.kv.set(LAST, r.seq);
      this.d.onRecorded();
    })();
  }

  start(): void {
    if (this.timer) return;
    this.beat();
    this.timer = setInterval(() => this.beat(), this.d.everyMs);
    this.timer.unref?.();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
