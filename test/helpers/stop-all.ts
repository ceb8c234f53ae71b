/**
 * Stops what a test started, in the order given (a browser first), skipping what never started.
 * A part that fails to stop does not keep the later ones running: the first error is thrown once
 * all have been asked.
 */
export async function stopAll(
  ...parts: Array<{ close(): unknown } | { stop(): unknown } | undefined>
): Promise<void> {
  const errors: unknown[] = [];
  for (const p of parts) {
    try {
      if (p) await ('stop' in p ? p.stop() : p.close());
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length) throw errors[0];
}
