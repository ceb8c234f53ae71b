import { sseEvents } from './sse-events';

/**
 * A terminal that notes when each callback body reached it: reads a channel's events from the
 * given relay instances in turn, resuming from its Last-Event-ID whenever a stream ends. Keeps
 * every body in arrival order (duplicates included), each body's first arrival time and the ids
 * in arrival order, for delivery-delay and order checks.
 */
export function timedTerminal(
  urls: () => string[],
  channelId: string,
  token: string,
  /** Ends its stream this often and resumes (a terminal whose network keeps dropping). */
  reconnectEveryMs?: number,
) {
  const bodies: string[] = [];
  const ids: string[] = [];
  const arrivedAt = new Map<string, number>();
  let last: string | undefined;
  let stopped = false;
  let ac = new AbortController();
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const list = urls();
      const base = list[i % list.length]!;
      ac = new AbortController();
      const cut = reconnectEveryMs ? setTimeout(() => ac.abort(), reconnectEveryMs) : undefined;
      try {
        const res = await fetch(`${base}/channels/${channelId}/events`, {
          headers: { authorization: `Bearer ${token}`, ...(last && { 'last-event-id': last }) },
          signal: ac.signal,
        });
        if (res.status !== 200) throw new Error(String(res.status));
        for await (const { id, data } of sseEvents(res.body)) {
          last = id;
          const body = (JSON.parse(data) as { body: string }).body;
          ids.push(id);
          bodies.push(body);
          if (!arrivedAt.has(body)) arrivedAt.set(body, performance.now());
        }
      } catch {
        /* the instance went away or refused: the next one, after a moment */
      }
      clearTimeout(cut);
      if (!stopped) await new Promise((r) => setTimeout(r, reconnectEveryMs ? 0 : 200));
    }
  })();
  return {
    bodies,
    ids,
    arrivedAt,
    async stop() {
      stopped = true;
      ac.abort();
      await done.catch(() => undefined);
    },
  };
}

/** p-th percentile (0–100) of `xs`, 0 when empty. */
export function percentile(xs: number[], p: number) {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]!;
}
