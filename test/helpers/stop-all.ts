/** Stops what a test started, in the order given (a browser first), skipping what never started. */
export async function stopAll(
  ...parts: Array<{ close(): unknown } | { stop(): unknown } | undefined>
): Promise<void> {
  for (const p of parts) {
    if (p) await ('stop' in p ? p.stop() : p.close());
  }
}
