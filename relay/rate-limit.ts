/** A token bucket per channel: `ratePerSec` sustained, `burst` at once. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly ratePerSec: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Drops a key's bucket (a callback to a channel that turned out not to exist). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /**
   * A callback's share on a store where each of `instances` relay instances keeps the whole
   * bucket (NATS, etcd): it pays one token per instance alive (never more than the burst), so
   * together they never let more than the rate through.
   */
  shareCost(instances: number): number {
    return Math.min(instances, Math.max(1, Math.floor(this.burst)));
  }

  /**
   * Gives back the `cost` a callback took when it was then not accepted (the store could not
   * hold it: 503). The rate counts callbacks accepted, not a PSP's retries through an outage
   * (before, one quorum loss turned 32,224 of them into 429s once the store was back).
   */
  refund(key: string, cost = 1): void {
    const b = this.buckets.get(key);
    if (b) b.tokens = Math.min(this.burst, b.tokens + cost);
  }

  /** `cost` tokens at once (a NATS instance pays one per instance alive: nats-store.ts). */
  take(key: string, cost = 1): boolean {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.ratePerSec);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens < cost) return false;
    b.tokens -= cost;
    return true;
  }
}
