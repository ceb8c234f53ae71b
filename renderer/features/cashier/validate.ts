import { parseDocument, parseEmail, parsePhone } from '../../../shared/domain/documents';

export interface CashierForm {
  amountCents: number;
  description: string;
  name: string;
  document: string;
  email: string;
  phone: string;
}

export type FieldErrors = Partial<
  Record<'amount' | 'name' | 'document' | 'email' | 'phone', string>
>;

/**
 * The same rules the charge service applies, run first in the renderer so the cashier sees
 * each problem next to its field and no request is sent while any is wrong. Values are i18n
 * error codes.
 */
export function validateForm(
  f: CashierForm,
  operation: 'deposit' | 'transaction',
  maxAmountCents: number,
): FieldErrors {
  const errors: FieldErrors = {};
  if (f.amountCents <= 0) errors.amount = 'AMOUNT_ZERO';
  else if (f.amountCents > maxAmountCents) errors.amount = 'AMOUNT_ABOVE_MAX';
  if (!f.name.trim()) errors.name = 'PAYER_NAME_EMPTY';
  const doc = parseDocument(f.document);
  if (!doc.ok) errors.document = doc.code;
  if (operation === 'deposit') {
    const email = parseEmail(f.email);
    if (!email.ok) errors.email = email.code;
    const phone = parsePhone(f.phone);
    if (!phone.ok) errors.phone = phone.code;
  }
  return errors;
}
