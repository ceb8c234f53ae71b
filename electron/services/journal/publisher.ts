// Drains the outbox to the shop channel (issue 36, Deliver 3): strictly in seq order, one entry
// at a time (an entry is sent only after the one before it was stored), with exponential back-off
// and full jitter while the relay is unreachable or failing, so a terminal offline for hours
// catches up when it is back. A retry after a lost answer sends the same sealed bytes: readers
// drop that second copy (journal-feed.ts).
import type { JournalOutbox } from './outbox';

export type PublisherState = 'idle' | 'sending' | 'retrying' | 'refused';

export interface PublisherDeps {
  outbox: JournalOutbox;
  relayUrl: string;
  channelId: string;
  /** The shop channel token (keychain). */
  token: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Back-off: from baseDelayMs (500) doubling to maxDelayMs (60 s), full jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  onState?: (state: PublisherState, detail?: string) => void;
  /**
   * Runs once per start before anything is sent (resume.ts: learn this terminal's published
   * seqs, renumber what a restored backup would reuse); false = retried with the back-off.
   */
  prepare?: () => Promise<boolean>;
}

export class JournalPublisher {
  private stopped = true;
  private failures = 0;
  private wake: (() => void) | null = null;
  private kicked = false;
  private running: Promise<void> | null = null;
  private prepared = false;
  /** Entries the relay stored, since start. */
  sent = 0;

  constructor(private readonly d: PublisherDeps) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.prepared = !this.d.prepare;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  /** A fact was recorded: send it now (or after the current back-off). */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.kicked = false;
      if (!this.prepared) this.prepared = await this.d.prepare!().catch(() => false);
      const ok = this.prepared && (await this.drain());
      if (this.stopped) break;
      if (ok) {
        this.failures = 0;
        this.d.onState?.('idle');
        if (!this.kicked) await this.sleep(Infinity);
        continue;
      }
      this.failures++;
      const cap = Math.min(
        this.d.maxDelayMs ?? 60_000,
        (this.d.baseDelayMs ?? 500) * 2 ** Math.min(this.failures - 1, 20),
      );
      // A kick during back-off does not cut it short: a dead relay is not hammered per sale.
      await this.sleep(Math.random() * cap, false);
    }
  }

  private sleep(ms: number, wakeable = true): Promise<void> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        if (wakeable || this.stopped) done();
      };
    });
  }

  /** Sends every unsent entry in order; false at the first one not stored. */
  private async drain(): Promise<boolean> {
    for (;;) {
      const batch = this.d.outbox.unsent(50);
      if (batch.length === 0) return true;
      for (const row of batch) {
        if (this.stopped) return true;
        const outcome = await this.post(row.envelope);
        if (outcome !== 'stored') {
          this.d.onState?.(outcome === 'refused' ? 'refused' : 'retrying');
          return false;
        }
        this.d.outbox.markSent(row.seq);
        this.sent++;
      }
    }
  }

  private async post(envelope: unknown): Promise<'stored' | 'failed' | 'refused'> {
    const token = await this.d.token();
    if (!token) return 'refused';
    try {
      const res = await (this.d.fetch ?? fetch)(
        `${this.d.relayUrl.replace(/\/+$/, '')}/channels/${encodeURIComponent(this.d.channelId)}/entries`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(envelope),
          signal: AbortSignal.timeout(15_000),
        },
      );
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 201) return 'stored';
      // 401: the shop token was rotated (this terminal removed) — kept, retried slowly.
      return res.status === 401 || res.status === 403 ? 'refused' : 'failed';
    } catch {
      return 'failed';
    }
  }
}
