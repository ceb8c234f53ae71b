import { KeyedLock, RetrySchedule } from './keyed-lock';
import type { Ledger } from './ledger/ledger';

/** What a service of ledger records is given: the ledger, its PSP, a clock, where views go. */
export interface RecordServiceDeps<Psp, View> {
  ledger: Ledger;
  psp: () => Psp;
  now?: () => number;
  /** Runs after the commit only: the screens never see what the ledger does not hold. */
  publish?: (view: View) => void;
}

/**
 * The shell of a service that follows its records with the PSP: one async operation per key at
 * a time, and follow-ups on a schedule of delays, each run under the same lock.
 */
export abstract class RecordService<
  View,
  D extends { now?: () => number; publish?: (view: View) => void },
> {
  protected readonly now: () => number;
  protected readonly lock = new KeyedLock();
  private readonly followUps: RetrySchedule;

  constructor(
    protected readonly deps: D,
    delaysMs: readonly number[],
  ) {
    this.now = deps.now ?? Date.now;
    this.followUps = new RetrySchedule(delaysMs);
  }

  stop(): void {
    this.followUps.stop();
  }

  /** Resolves once every operation queued so far has settled (tests, shutdown). */
  idle(): Promise<void> {
    return this.lock.idle();
  }

  /**
   * `fn` under `lockKey`'s lock after `id`'s next delay. A follow-up that throws is dropped, and
   * after the last delay none is made: the record keeps its status and notice for the owner.
   */
  protected followUp(id: string, lockKey: string, fn: () => Promise<unknown>): void {
    this.followUps.schedule(
      id,
      () => void this.lock.run(lockKey, fn).catch(() => {}),
      () => {},
    );
  }

  /**
   * A decision's aftermath: the record saved (stamped now) when it changed, then its effects,
   * `publish` sending its view and the others handed to `other`.
   */
  protected settle<R extends { updatedAt: number }, E extends { type: string }>(
    d: { next: R; changed: boolean; effects: readonly E[] },
    save: (record: R) => void,
    toView: (record: R) => View,
    other: (effect: E) => void,
  ): void {
    if (d.changed) {
      d.next.updatedAt = this.now();
      save(d.next);
    }
    for (const effect of d.effects) {
      if (effect.type === 'publish') this.deps.publish?.(toView(d.next));
      else other(effect);
    }
  }

  /** Forget `id`'s follow-ups (a fresh start for a recheck). */
  protected cancelFollowUps(id: string): void {
    this.followUps.cancel(id);
  }
}
