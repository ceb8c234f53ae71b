/**
 * A6: the PSP's status vocabulary mapped to ours (a setting: `psp.statusMap`). A status outside
 * the map is kept as it came and flagged, never guessed. See docs/psp-compatibility.md.
 */
export const PSP_OUTCOMES = [
  'PENDING',
  'PAID',
  'FAILED',
  'EXPIRED',
  'CANCELED',
  'REFUNDED',
] as const;
export type PspOutcome = (typeof PSP_OUTCOMES)[number];

/** English (A6) and Portuguese (the `cics-pt` family) names, both on by default. */
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
  PENDENTE: 'PENDING',
  AGUARDANDO_PAGAMENTO: 'PENDING',
  PROCESSANDO: 'PENDING',
  COMPLETO: 'PAID',
  CONCLUIDO: 'PAID',
  PAGO: 'PAID',
  APROVADO: 'PAID',
  FALHA: 'FAILED',
  FALHOU: 'FAILED',
  RECUSADO: 'FAILED',
  ERRO: 'FAILED',
  EXPIRADO: 'EXPIRED',
  CANCELADO: 'CANCELED',
  ESTORNADO: 'REFUNDED',
  REEMBOLSADO: 'REFUNDED',
};

export type StatusReading = { known: true; outcome: PspOutcome } | { known: false; raw: string };

/** Map keys are compared upper-cased and trimmed, so `completo` and `COMPLETO` read alike. */
export function readPspStatus(
  raw: string,
  map: Readonly<Record<string, PspOutcome>> = DEFAULT_STATUS_MAP,
): StatusReading {
  const key = raw.trim().toUpperCase();
  const outcome = Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
  return outcome ? { known: true, outcome } : { known: false, raw };
}
