import {
  flushed,
  localDay,
  onRefusal,
  summarizeRefusals,
  THROTTLE_IDLE,
  type RefusalSummary,
  type ThrottleState,
  type ThrottleStep,
} from '../../../shared/domain/callback-refusals';
import type { EventsRepo } from '../ledger/events-repo';
import type { Logger } from '../log';

export interface RefusalNewsDeps {
  events: Pick<EventsRepo, 'refusalsOn'>;
  /** Tells the owner today's refusals (one notice, replaced as it grows). */
  notify: (summary: RefusalSummary) => void;
  /** Asks the status query about a charge a refused callback named (within its budget). */
  hint: (chargeId: string) => void;
  logger: Logger;
  now?: () => number;
  /** At most one notice per window (the first at once, the rest gathered at its end). */
  noticeEveryMs?: number;
  /** At most one "callbacks refused" log line per window, counting by reason. */
  logEveryMs?: number;
}

/**
 * What follows a refused callback, after its commit: a status query about the charge it named,
 * the owner's notice and a log line counting by reason — each throttled, so a flood of
 * thousands a minute costs one notice and one line per window, and queries within the budget.
 */
export class RefusalNews {
  private readonly now: () => number;
  private notice: ThrottleState = THROTTLE_IDLE;
  private log: ThrottleState = THROTTLE_IDLE;
  /** Refusals since the last log line, by reason. */
  private logCounts: Record<string, number> = {};
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly d: RefusalNewsDeps) {
    this.now = d.now ?? Date.now;
  }

  refused(r: { code: string; chargeId?: string }): void {
    if (r.chargeId) this.d.hint(r.chargeId);
    this.logCounts[r.code] = (this.logCounts[r.code] ?? 0) + 1;
    const now = this.now();
    const log = onRefusal(this.log, now, this.d.logEveryMs ?? 60_000);
    this.log = log.state;
    this.schedule(log, () => this.flushLog());
    const notice = onRefusal(this.notice, now, this.d.noticeEveryMs ?? 10_000);
    this.notice = notice.state;
    this.schedule(notice, () => this.flushNotice());
  }

  /** Today's refusals, by reason (the Saúde list's heading and the notice). */
  today(): RefusalSummary {
    return summarizeRefusals(this.d.events.refusalsOn(localDay(this.now())));
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(s: ThrottleStep, flush: () => void): void {
    if (s.emit === 'now') flush();
    else if (s.emit === 'at') {
      const t = setTimeout(
        () => {
          this.timers.delete(t);
          flush();
        },
        Math.max(0, s.at - this.now()),
      );
      t.unref?.();
      this.timers.add(t);
    }
  }

  private flushNotice(): void {
    this.notice = flushed(this.notice, this.now()).state;
    this.d.notify(this.today());
  }

  private flushLog(): void {
    this.log = flushed(this.log, this.now()).state;
    const byReason = this.logCounts;
    this.logCounts = {};
    if (Object.keys(byReason).length === 0) return;
    this.d.logger.warn('callbacks refused', { byReason });
  }
}
