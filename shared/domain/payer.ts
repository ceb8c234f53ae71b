import { z } from 'zod';
import { PAYER_NAME_MAX, type PayerInput } from './payer-rules';

export * from './payer-rules';

/** What a cashier may type for the payer (the IPC contract's schema); the rules: payer-rules.ts. */
export const payerInputSchema = z
  .object({
    name: z.string().max(PAYER_NAME_MAX).optional(),
    email: z.string().max(254).optional(),
    document: z.string().max(32).optional(),
    phone: z.string().max(32).optional(),
  })
  .strict();
// The hand-written PayerInput and the schema's type stay one type (a mismatch fails tsc).
type Assert<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type PayerInputMatchesSchema = Assert<Same<z.infer<typeof payerInputSchema>, PayerInput>>;
