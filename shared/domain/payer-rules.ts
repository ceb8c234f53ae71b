import type { ErrorCode } from '../codes';
import { maskDocument, parseDocument, parseEmail, parsePhone } from './documents';

/**
 * The payer of a charge, defined once: what a cashier may type (the IPC contract's schema),
 * what the PSP needs per operation, and the rules both the renderer and the charge service
 * check. /payments/deposit needs name, e-mail, CPF/CNPJ and phone; /transactions/create name
 * and CPF/CNPJ.
 * Zod-free, so the cashier's first chunk can check a payer (the schema is in payer.ts).
 */
export const PAYER_NAME_MAX = 100;

export interface PayerInput {
  name?: string | undefined;
  email?: string | undefined;
  document?: string | undefined;
  phone?: string | undefined;
}

/** A payer the PSP accepts for a deposit: document unmasked, phone digits only (55…). */
export interface Payer {
  name: string;
  email: string;
  document: string;
  phone: string;
}

export type PayerField = 'name' | 'document' | 'email' | 'phone';
export interface PayerIssue {
  field: PayerField;
  code: ErrorCode;
}

export type ChargeOperation = 'deposit' | 'transaction';

/** The checked payer: name and document always, e-mail and phone for a deposit. */
export type CheckedPayer = Pick<Payer, 'name' | 'document'> &
  Partial<Pick<Payer, 'email' | 'phone'>>;

/** Every problem of a payer, one per field, in form order; the normalised payer if none. */
export function checkPayer(
  p: PayerInput,
  operation: ChargeOperation,
): { issues: PayerIssue[]; payer?: CheckedPayer; documentMasked?: string } {
  const issues: PayerIssue[] = [];
  const name = p.name?.trim() ?? '';
  if (!name) issues.push({ field: 'name', code: 'PAYER_NAME_EMPTY' });
  else if (name.length > PAYER_NAME_MAX)
    issues.push({ field: 'name', code: 'PAYER_NAME_TOO_LONG' });
  const doc = parseDocument(p.document ?? '');
  if (!doc.ok) issues.push({ field: 'document', code: doc.code as ErrorCode });
  const email = operation === 'deposit' ? parseEmail(p.email ?? '') : null;
  if (email && !email.ok) issues.push({ field: 'email', code: email.code as ErrorCode });
  const phone = operation === 'deposit' ? parsePhone(p.phone ?? '') : null;
  if (phone && !phone.ok) issues.push({ field: 'phone', code: phone.code as ErrorCode });
  if (issues.length || !doc.ok) return { issues };
  return {
    issues,
    payer: {
      name,
      // /transactions/create wants it without mask; /payments/deposit tolerates either.
      document: doc.value.value,
      ...(email?.ok && { email: email.value }),
      ...(phone?.ok && { phone: phone.value }),
    },
    documentMasked: maskDocument(doc.value),
  };
}
