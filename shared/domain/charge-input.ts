import { z } from 'zod';
import { DESCRIPTION_MAX, type ChargeInput } from './charge-rules';
import { VALIDITY_HOURS_MAX } from './charge-validity';
import { payerInputSchema } from './payer';

export * from './charge-rules';

/** What a cashier submits to create a charge (the IPC contract's schema); rules: charge-rules.ts. */
export const chargeInputSchema = z
  .object({
    amountCents: z.number().int().safe(),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    payer: payerInputSchema.optional(),
    /** A charge for a payer elsewhere: hours it stays payable (shared/domain/charge-validity.ts). */
    validityHours: z.number().int().min(1).max(VALIDITY_HOURS_MAX).optional(),
    /** `Com vencimento` (shared/domain/cobv.ts checks the values; here only their shape). */
    cobv: z
      .object({
        dueDate: z.string().max(10),
        daysAfterDue: z.number().int().safe(),
        finePct: z.number().int().safe(),
        interestPctMonth: z.number().int().safe(),
        discountCents: z.number().int().safe(),
      })
      .strict()
      .optional(),
  })
  .strict();
// The hand-written ChargeInput and the schema's type stay one type (a mismatch fails tsc).
type Assert<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type ChargeInputMatchesSchema = Assert<Same<z.infer<typeof chargeInputSchema>, ChargeInput>>;
