import type { Result } from '../../../shared/result';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { DepositInput, TransactionInput } from '../psp/client';
import type { CreatedCharge, TransactionStatus } from '../psp/replies';

/** The part of the PSP client the charge service uses. */
export interface ChargePsp {
  readonly hasStatusQuery: boolean;
  createDeposit(i: DepositInput): Promise<Result<CreatedCharge>>;
  createTransaction(i: TransactionInput): Promise<Result<CreatedCharge>>;
  transactionStatus(id: string): Promise<Result<TransactionStatus>>;
  /**
   * The id the PSP will know a charge by, derived from our external id before it is sent (the
   * API Pix's txid); absent when the PSP gives its own id in the answer.
   */
  pspIdFor?: (externalId: string, cobv?: boolean) => string;
}

/** Sends the charge with ITS external id (a retry reuses it: the PSP refuses a duplicate). */
export function sendCharge(
  psp: ChargePsp,
  c: ChargeRecord,
  callbackUrl: string,
): Promise<Result<CreatedCharge>> {
  const description = c.description !== undefined ? { description: c.description } : {};
  // Derived from the record, so a same-id retry asks for the same life.
  const validitySeconds = Math.ceil((c.expiresAt - c.createdAt) / 1000);
  if (c.operation === 'deposit') {
    return psp.createDeposit({
      amountCents: c.amountCents,
      externalId: c.externalId,
      callbackUrl,
      payer: c.payer as { name: string; email: string; document: string; phone: string },
      validitySeconds,
      ...description,
      ...(c.cobv && { cobv: c.cobv }),
    });
  }
  return psp.createTransaction({
    amountCents: c.amountCents,
    transactionId: c.externalId,
    webhookUrl: callbackUrl,
    payerName: c.payer?.name ?? '',
    payerDocument: c.payer?.document ?? '',
    ...description,
    ...(c.split && { splitUser: c.split.user, splitTax: c.split.taxPercent }),
    ...(c.gateway && { gateway: c.gateway }),
    validitySeconds,
    ...(c.cobv && { cobv: c.cobv }),
  });
}
