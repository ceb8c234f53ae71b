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
