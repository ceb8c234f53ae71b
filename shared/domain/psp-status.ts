/**
 * A6: the PSP's final-status vocabulary mapped to ours. A status outside the table is kept
 * as it came and flagged, never guessed.
 */
export type PspOutcome = 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED' | 'CANCELED' | 'REFUNDED';

export const DEFAULT_STATUS_MAP: Readonly<Record<string, PspOutcome>> = {
  PENDING: 'PENDING',
  WAITING_PAYMENT: 'PENDING',
  CREATED: 'PENDING',
  PROCESSING: 'PENDING',
  PAID: 'PAID',
  APPROVED: 'PAID',
  COMPLETED: 'PAID',
  CONFIRMED: 'PAID',
  SUCCESS: 'PAID',
  FAILED: 'FAILED',
  REJECTED: 'FAILED',
  ERROR: 'FAILED',
  EXPIRED: 'EXPIRED',
  CANCELED: 'CANCELED',
  CANCELLED: 'CANCELED',
  REFUNDED: 'REFUNDED',
};

export type StatusReading = { known: true; outcome: PspOutcome } | { known: false; raw: string };

export function readPspStatus(
  raw: string,
  map: Readonly<Record<string, PspOutcome>> = DEFAULT_STATUS_MAP,
): StatusReading {
  const outcome = map[raw.trim().toUpperCase()];
  return outcome ? { known: true, outcome } : { known: false, raw };
}
