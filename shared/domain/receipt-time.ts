/**
 * When a receipt is issued: when it is made (printed, shown), never before the payment it
 * proves. It used to print the charge's creation time, earlier than "Pago em" (issue 34).
 */
export function receiptIssuedAt(c: { createdAt: number; paidAt?: number }, now: number): number {
  return Math.max(now, c.paidAt ?? c.createdAt, c.createdAt);
}
