import type { FastifyBaseLogger } from 'fastify';

/**
 * Refused requests (unknown channel, bad token, over the rate, too large, too slow) are counted
 * and written as one line per interval, never one line each: token guessing or a flood of
 * forged callbacks would otherwise fill the disk with the relay's own logs (139 MB in 45 s was
 * measured before this).
 */
export class RefusalLog {
  private counts = new Map<string, number>();
  private since: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: () => FastifyBaseLogger,
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.since = now();
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  /** One refused request: `kind` is its route family, `status` the answer, `reason` why. */
  add(kind: string, status: number, reason: string) {
    const key = `${kind} ${status} ${reason}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Writes the counts gathered since the last line (nothing when there were none). */
  flush() {
    if (this.counts.size === 0) return;
    const refused = Object.fromEntries(this.counts);
    const total = [...this.counts.values()].reduce((a, b) => a + b, 0);
    const t = this.now();
    this.log().warn({ refused, total, windowMs: t - this.since }, 'requests refused');
    this.counts = new Map();
    this.since = t;
  }

  close() {
    clearInterval(this.timer);
    this.flush();
  }
}
