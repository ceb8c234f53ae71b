import type { ErrorCode } from '../codes';
import type { CobvTerms } from './cobv';
import { checkAmount, type Cents } from './money';
import {
  checkPayer,
  type ChargeOperation,
  type CheckedPayer,
  type PayerField,
  type PayerInput,
} from './payer-rules';

/**
 * What a cashier submits to create a charge, and the rules for it, defined once: the IPC
 * contract parses with the schema; the renderer (inline, per field) and the charge service
 * (the line nothing passes) both run checkCharge. Zod-free, so the Caixa's first chunk can run
 * it (issue 35); the schema is in charge-input.ts.
 */
export const DESCRIPTION_MAX = 140;

export interface ChargeInput {
  amountCents: number;
  description?: string | undefined;
  payer?: PayerInput | undefined;
  /** A charge for a payer elsewhere: hours it stays payable (charge-validity.ts). */
  validityHours?: number | undefined;
  /** `Com vencimento`: an API Pix `cobv` with these terms (cobv.ts); the payer is required. */
  cobv?: CobvTerms | undefined;
}

export type ChargeField = 'amount' | 'description' | PayerField;
export interface ChargeIssue {
  field: ChargeField;
  code: ErrorCode;
}

export interface ValidCharge {
  amountCents: Cents;
  description?: string;
  payer: CheckedPayer;
  payerDocumentMasked: string;
}

/** Every problem, one per field in form order (the first is the service's answer). */
export function checkCharge(
  input: ChargeInput,
  operation: ChargeOperation,
  maxAmountCents: number,
): { issues: ChargeIssue[]; value?: ValidCharge } {
  const issues: ChargeIssue[] = [];
  const amount = checkAmount(input.amountCents, maxAmountCents);
  if (!amount.ok) issues.push({ field: 'amount', code: amount.code as ErrorCode });
  const description = input.description?.trim();
  if (description && description.length > DESCRIPTION_MAX)
    issues.push({ field: 'description', code: 'DESCRIPTION_TOO_LONG' });
  const p = checkPayer(input.payer ?? {}, operation);
  issues.push(...p.issues);
  if (issues.length || !p.payer || !p.documentMasked) return { issues };
  return {
    issues,
    value: {
      amountCents: input.amountCents,
      ...(description && { description }),
      payer: p.payer,
      payerDocumentMasked: p.documentMasked,
    },
  };
}
