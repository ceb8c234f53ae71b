import type { ChargeRecord } from '../../electron/services/ledger/charges-repo';

/** A bare ledger row of R$ 1,00 (the ledger's own tests: only id, status and deadline vary). */
export const chargeRecord = (
  id: string,
  status: ChargeRecord['status'],
  expiresAt: number,
): ChargeRecord => ({
  id,
  externalId: `e-${id}`,
  pspTransactionId: `tx-${id}`,
  operation: 'deposit',
  amountCents: 100,
  status,
  flags: [],
  deferred: [],
  attempts: 1,
  terminalId: 't',
  demo: false,
  createdAt: 0,
  updatedAt: 0,
  expiresAt,
});
