import { z } from 'zod';
import { parseDocument, parseEmail, parsePhone } from '../shared/domain/documents';
import { parseWireAmount } from '../shared/domain/money';
import { badRequest } from './errors';

/**
 * Request validation, as strict as a real PSP may be: a wrong type is never coerced, and every
 * refusal names the field. Shapes follow the seed; bounds follow A11 (docs/psp-compatibility.md).
 */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('INVALID_BODY', 'Request body must be a JSON object');
  }
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const received = issue.code === 'invalid_type' && issue.message.includes('undefined');
  throw badRequest(
    received ? 'MISSING_FIELD' : 'INVALID_FIELD',
    received ? `${field} is required` : `${field}: ${issue.message}`,
  );
}

export const badField = (field: string, message: string) =>
  badRequest('INVALID_FIELD', `${field}: ${message}`);

export const MAX_AMOUNT_CENTS = 10_000_000;
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Reais as a JSON number with at most two decimals, 0.01 to 100000.00 → cents. */
export const amount = z.number().transform((v, ctx) => {
  const r = parseWireAmount(v, { positive: true, maxCents: MAX_AMOUNT_CENTS });
  if (!r.ok) {
    ctx.addIssue({
      code: 'custom',
      message: `invalid amount (${r.code}): 0.01 to 100000.00, two decimals`,
    });
    return z.NEVER;
  }
  return r.value;
});

export const externalId = z.string().regex(ID_PATTERN, '1 to 64 characters of A-Z a-z 0-9 _ -');

export const name = z.string().trim().min(1).max(100);
export const description = z.string().max(140).optional();

export const email = z.string().refine((v) => parseEmail(v).ok, 'invalid e-mail');

/** CPF/CNPJ with valid check digits; `strict` refuses mask characters (transactions/create). */
export const document = (strict: boolean) =>
  z
    .string()
    .refine((v) => !strict || /^[0-9A-Za-z]+$/.test(v), 'must be digits only, without mask')
    .refine((v) => parseDocument(v).ok, 'invalid CPF/CNPJ check digits');

/** The seed: digits only, 55 + area code + number. */
export const phone = z.string().refine((v) => {
  const r = parsePhone(v);
  return r.ok && r.value === v;
}, 'digits only: 55 + area code + number');

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A15: callback URLs are https, except loopback addresses (sandbox and demo). */
export const callbackUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname));
  } catch {
    return false;
  }
}, 'must be an https URL (http only on loopback)');

export const isLoopbackIp = (ip: string) =>
  ip === '127.0.0.1' || ip === '::1' || ip.startsWith('127.') || ip === '::ffff:127.0.0.1';
