import { z } from 'zod';
import type { ErrorCode } from '../codes';
import { VALIDITY_HOURS_MAX } from './charge-validity';
import { checkAmount, type Cents } from './money';
import {
  checkPayer,
  payerInputSchema,
  type ChargeOperation,
  type CheckedPayer,
  type PayerField,
} from './payer';

/**
 * What a cashier submits to create a charge, and the rules for it, defined once: the IPC
 * contract parses with the schema; the renderer (inline, per field) and the charge service
 * (the line nothing passes) both run checkCharge.
 */
export const DESCRIPTION_MAX = 140;

export const chargeInputSchema = z
  .object({
    amountCents: z.number().int().safe(),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    payer: payerInputSchema.optional(),
    /** A charge for a payer elsewhere: hours it stays payable (shared/domain/charge-validity.ts). */
    validityHours: z.number().int().min(1).max(VALIDITY_HOURS_MAX).optional(),
  })
  .strict();
export type ChargeInput = z.infer<typeof chargeInputSchema>;

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
