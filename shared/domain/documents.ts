import {
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidPhone,
} from '@brazilian-utils/brazilian-utils';
import { err, ok, type Result } from '../result';

/**
 * Payer data rules. Check digits, masks and e-mail syntax come from
 * @brazilian-utils/brazilian-utils, which also knows the alphanumeric CNPJ in force since
 * July 2026; the phone wire rule is the seed's: digits only, 55 + area code + number.
 */

export type DocumentKind = 'CPF' | 'CNPJ';
export interface PayerDocument {
  kind: DocumentKind;
  /** Without mask: 11 digits, or 14 characters (digits or, for new CNPJs, letters). */
  value: string;
}

export function parseDocument(input: string): Result<PayerDocument> {
  const raw = input.replace(/[\s./-]/g, '').toUpperCase();
  if (raw === '')
    return err('validation', 'DOCUMENT_EMPTY', {
      field: 'document',
    });
  if (/^\d{11}$/.test(raw) && isValidCpf(raw)) return ok({ kind: 'CPF', value: raw });
  if (/^[0-9A-Z]{12}\d{2}$/.test(raw) && isValidCnpj(raw, { version: 2 }))
    return ok({ kind: 'CNPJ', value: raw });
  return err('validation', 'DOCUMENT_INVALID', {
    field: 'document',
  });
}

export const formatDocument = (d: PayerDocument): string =>
  d.kind === 'CPF' ? formatCpf(d.value) : formatCnpj(d.value, { version: 2 });

/** For lists and logs: `***.456.789-**`, `**.345.678/0001-**`. */
export const maskDocument = (d: PayerDocument): string =>
  d.kind === 'CPF'
    ? formatCpf(d.value, { obfuscate: true })
    : formatCnpj(d.value, { version: 2, obfuscate: true });

/** Masks a raw document string; anything unrecognised is hidden whole. */
export function maskDocumentText(input: string): string {
  const parsed = parseDocument(input);
  return parsed.ok ? maskDocument(parsed.value) : '***';
}

export function parseEmail(input: string): Result<string> {
  const value = input.trim();
  return isValidEmail(value) ? ok(value) : err('validation', 'EMAIL_INVALID', { field: 'email' });
}

/**
 * Accepts what people type — `(11) 91234-5678`, `+55 11 91234-5678`, `5511912345678` — and
 * returns the seed's wire form: digits only, `55` + area code + number.
 */
export function parsePhone(input: string): Result<string> {
  const digits = input.replace(/\D/g, '');
  const national = /^55\d{10,11}$/.test(digits) ? digits.slice(2) : digits;
  if (/^\d{10,11}$/.test(national) && isValidPhone(national)) return ok(`55${national}`);
  return err('validation', 'PHONE_INVALID', { field: 'phone' });
}
