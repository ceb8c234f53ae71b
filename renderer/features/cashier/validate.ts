import { checkCharge } from '../../../shared/domain/charge-rules';

export interface CashierForm {
  amountCents: number;
  description: string;
  name: string;
  document: string;
  email: string;
  phone: string;
  /** Hours a charge for a payer elsewhere stays payable; "" = the counter's own expiry; "cobv" = Com vencimento. */
  validity?: string;
}

export type FieldErrors = Partial<
  Record<'amount' | 'name' | 'document' | 'email' | 'phone', string>
>;

/**
 * The rules the charge service applies (shared/domain/charge-input.ts, one definition), run
 * first in the renderer so the cashier sees each problem next to its field and no request is
 * sent while any is wrong. Values are error codes (shared/codes.ts).
 */
export function validateForm(
  f: CashierForm,
  operation: 'deposit' | 'transaction',
  maxAmountCents: number,
): FieldErrors {
  const { name, document, email, phone } = f;
  const input = { amountCents: f.amountCents, payer: { name, document, email, phone } };
  const errors: FieldErrors = {};
  for (const i of checkCharge(input, operation, maxAmountCents).issues)
    if (i.field !== 'description') errors[i.field] = i.code;
  return errors;
}
