/**
 * The events of a relay SSE response, in order: each block's `id` and `data` lines (blocks
 * without both, such as heartbeats, are skipped). For tests and benchmarks that read a stream
 * as a terminal would, resuming with the last id.
 */
export async function* sseEvents(
  body: ReadableStream<Uint8Array> | null,
): AsyncGenerator<{ id: string; data: string }> {
  if (!body) return;
  let text = '';
  const dec = new TextDecoder();
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    text += dec.decode(chunk, { stream: true });
    let k;
    while ((k = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, k);
      text = text.slice(k + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && data) yield { id, data };
    }
  }
}

/**
 * A terminal reading a channel's events as the app does: from the given instances in turn,
 * resuming from its Last-Event-ID whenever a stream ends or is refused (a store catching up
 * after a fault answers 503 for a moment). Keeps every event it was written, duplicates included.
 */
export function sseTerminal(urls: () => string[], channelId: string, token: string) {
  const events: { id: string; data: string }[] = [];
  const refusals: number[] = [];
  let last: string | undefined;
  let stopped = false;
  let ac = new AbortController();
  void (async () => {
    for (let i = 0; !stopped; i++) {
      const base = urls()[i % urls().length]!;
      ac = new AbortController();
      try {
        const res = await fetch(`${base}/channels/${channelId}/events`, {
          headers: { authorization: `Bearer ${token}`, ...(last && { 'last-event-id': last }) },
          signal: ac.signal,
        });
        if (res.status !== 200) {
          refusals.push(res.status);
          await res.body?.cancel();
        } else
          for await (const e of sseEvents(res.body)) {
            last = e.id;
            events.push(e);
          }
      } catch {
        /* the instance went away: the next one, after a moment */
      }
      if (!stopped) await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    events,
    refusals,
    /** The callback bodies, in the order written. */
    bodies: () => events.map((e) => (JSON.parse(e.data) as { body: string }).body),
    stop() {
      stopped = true;
      ac.abort();
    },
  };
}
