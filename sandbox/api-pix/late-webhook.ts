/**
 * The `webhookDelayMs` fault: the PSP posts the payment's webhook that long after the payment
 * (issue 33 saw 15 s). No bank documents a delivery delay; a late or retried webhook is an
 * **assumption** the app must survive (docs/api-pix.md, "Late webhooks"). Without the fault the
 * webhook is posted at once, and the pay route answers after it (as before).
 */
export function deliverAfter(
  delayMs: number | undefined,
  timers: Set<NodeJS.Timeout>,
  deliver: () => Promise<void>,
): Promise<void> {
  if (!delayMs || delayMs <= 0) return deliver();
  const t = setTimeout(() => {
    timers.delete(t);
    void deliver();
  }, delayMs);
  timers.add(t);
  return Promise.resolve();
}
