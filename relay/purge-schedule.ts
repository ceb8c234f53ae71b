import type { FastifyBaseLogger } from 'fastify';
import type { RelayStore } from './store';

export interface PurgeScheduleDeps {
  store: RelayStore;
  retentionDays: number;
  intervalMs: number;
  log: () => FastifyBaseLogger;
  now: () => number;
}

/**
 * The retention purge, every `intervalMs` (an hour): a failure is logged and tried again next
 * time, never left unhandled; a purge still running when the next is due is not doubled.
 */
export function purgeSchedule(d: PurgeScheduleDeps) {
  let purging: Promise<void> | null = null;
  const purge = () => {
    if (purging) return purging;
    const cutoff = d.now() - d.retentionDays * 86_400_000;
    purging = d.store
      .purgeBefore(cutoff)
      .then(
        (n) => d.log().info({ purged: n }, 'old events purged'),
        (e: unknown) => d.log().error({ err: e }, 'purging old events failed'),
      )
      .finally(() => (purging = null));
    return purging;
  };
  const timer = setInterval(purge, d.intervalMs);
  timer.unref();
  return {
    /** Runs the purge now; never rejects. */
    purge,
    /** Stops the schedule and waits for a purge in progress. */
    async stop() {
      clearInterval(timer);
      await purging;
    },
  };
}
