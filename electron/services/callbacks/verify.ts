import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parseWireIn, type AmountUnit, type Cents } from '../../../shared/domain/money';
import type { CallbackSettings } from '../../../shared/psp-settings';
import { err, ok, type Result } from '../../../shared/result';
import type { ErrorCode } from '../../../shared/codes';
import { signedBytes } from './body-bytes';
import type { ParsedJson, ReceivedCallback } from './received';

export {
  lowerCase,
  parseJson,
  receiveCallback,
  type Headers,
  type ParsedJson,
  type ReceivedCallback,
} from './received';

/**
 * A7 + A8: a callback is believed only when its HMAC (over the configured template, with the
 * client secret) matches in constant time and its timestamp is within tolerance. During a
 * secret rotation the previous secret is accepted until its deadline.
 */
export interface SecretRing {
  current: string;
  previous?: { secret: string; validUntil: number };
}

/** A7's default id fields (plus bearer-snake's `transaction_id`); the setting `psp.idFields` replaces them. */
export const DEFAULT_ID_FIELDS = [
  'transactionId',
  'transaction_id',
  'external_id',
  'externalId',
  'id',
];

export interface CallbackBody {
  /** The first present of the id fields (top level, then one down). */
  transactionId?: string;
  /** Every id the body carries, so a charge can be matched by the PSP's id or by ours. */
  ids: string[];
  status?: string;
  feeCents?: Cents;
  amountCents?: Cents;
  /**
   * An `amount` that is not money (R$ 0,00, negative, not a number): why, as a refusal code. A
   * payment callback carrying it is refused (intake.ts), never applied as `Pago`.
   */
  amountRefusal?: AmountRefusal;
  raw: Record<string, unknown>;
}

export type AmountRefusal =
  'CALLBACK_AMOUNT_ZERO' | 'CALLBACK_AMOUNT_NEGATIVE' | 'CALLBACK_AMOUNT_INVALID';

/** A paid amount must be whole cents above zero; anything else says why it is not. */
function readAmount(v: unknown, unit: AmountUnit = 'reais'): Result<Cents> | undefined {
  if (v === undefined || v === null) return undefined;
  const r = parseWireIn(v, unit, { positive: true });
  if (r.ok) return r;
  const code: AmountRefusal =
    r.code === 'AMOUNT_ZERO'
      ? 'CALLBACK_AMOUNT_ZERO'
      : r.code === 'AMOUNT_NEGATIVE'
        ? 'CALLBACK_AMOUNT_NEGATIVE'
        : 'CALLBACK_AMOUNT_INVALID';
  return err('validation', code, { field: 'amount' });
}

export interface VerifiedCallback {
  eventId: string;
  timestamp: number;
  body: CallbackBody;
}

const reject = (code: ErrorCode) => err('auth', code);

/** Over the callback read once at the edge (received.ts). */
export function verifyCallback(
  cb: ReceivedCallback,
  secrets: SecretRing,
  settings: CallbackSettings,
  nowMs: number,
  idFields: readonly string[] = DEFAULT_ID_FIELDS,
): Result<VerifiedCallback> {
  const h = cb.headers;
  const candidates = [secrets.current];
  if (secrets.previous && nowMs <= secrets.previous.validUntil)
    candidates.push(secrets.previous.secret);
  const signature = h[settings.signatureHeader.toLowerCase()];
  if (!signature) return reject('CALLBACK_NO_SIGNATURE');
  let timestamp = nowMs / 1000;
  if (settings.format === 'token') {
    // A static token: equal to the secret, compared in constant time over fixed-length digests.
    const given = digest(signature.trim());
    if (!candidates.some((secret) => timingSafeEqual(given, digest(secret))))
      return reject('CALLBACK_BAD_SIGNATURE');
  } else {
    const parts =
      settings.format === 'combined'
        ? combinedParts(signature)
        : { timestamp: h[settings.timestampHeader.toLowerCase()], signatures: [signature] };
    const timestampText = parts.timestamp?.trim();
    if (!timestampText) return reject('CALLBACK_NO_TIMESTAMP');
    const seconds = callbackSeconds(timestampText);
    if (seconds === null) return reject('CALLBACK_BAD_TIMESTAMP');
    const skew = seconds - nowMs / 1000;
    if (skew < -settings.toleranceSeconds) return reject('CALLBACK_STALE');
    if (skew > settings.toleranceSeconds) return reject('CALLBACK_FUTURE');
    timestamp = seconds;
    const given = parts.signatures.map((t) => decodeSignature(t, settings));
    // Over the bytes as received (D7): a Latin-1 body is signed as Latin-1.
    const signed = signedBytes(settings.template, timestampText, cb.bytes);
    const valid = candidates.some((secret) => {
      const expected = createHmac(settings.algorithm, secret).update(signed).digest();
      return given.some(
        (g) => g !== null && g.length === expected.length && timingSafeEqual(g, expected),
      );
    });
    if (!valid) return reject('CALLBACK_BAD_SIGNATURE');
  }

  const body = parseCallbackBody(cb.json, idFields, settings);
  if (!body.ok) return body;
  return ok({ eventId: callbackEventId(cb, settings), timestamp, body: body.value });
}

/**
 * The callback's time in seconds: Unix seconds (A8), milliseconds (13 digits, as some clients of
 * the family and pague.dev send) or ISO 8601 with a zone; anything else is refused. The signed
 * string always uses the header's text as received.
 */
export function callbackSeconds(text: string): number | null {
  if (/^\d{1,12}$/.test(text)) return Number(text);
  if (/^\d{13}$/.test(text)) return Number(text) / 1000;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? ms / 1000 : null;
  }
  return null;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * One header carrying both parts: `t=1700000000,v1=<hex>` (Stripe) or `ts=…,v1=…`; every `v1`
 * is a candidate (a PSP rotating its secret sends two).
 */
function combinedParts(text: string): { timestamp?: string; signatures: string[] } {
  const out: { timestamp?: string; signatures: string[] } = { signatures: [] };
  for (const item of text.split(',')) {
    const i = item.indexOf('=');
    if (i < 0) continue;
    const key = item.slice(0, i).trim().toLowerCase();
    const value = item.slice(i + 1).trim();
    if (key === 't' || key === 'ts') out.timestamp = value;
    else if (key === 'v1') out.signatures.push(value);
  }
  return out;
}

/** A7: the event id header when present, else the SHA-256 of the body's bytes. */
export function callbackEventId(
  cb: Pick<ReceivedCallback, 'headers' | 'bytes'>,
  settings: Pick<CallbackSettings, 'eventIdHeader'>,
): string {
  return (
    cb.headers[settings.eventIdHeader.toLowerCase()] ||
    createHash('sha256').update(cb.bytes).digest('hex')
  );
}

/** Accepts an optional `sha256=` (or `sha512=`) prefix; null when the text is not valid. */
function decodeSignature(text: string, s: CallbackSettings): Buffer | null {
  const value = text.trim().replace(new RegExp(`^${s.algorithm}=`, 'i'), '');
  if (s.encoding === 'hex')
    return /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0
      ? Buffer.from(value, 'hex')
      : null;
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : null;
}

/** Replaces the placeholders without ever interpreting text inside the body. */
export function fillTemplate(template: string, timestamp: string, body: string): string {
  return template
    .split(/(\{timestamp\}|\{body\})/)
    .map((part) => (part === '{timestamp}' ? timestamp : part === '{body}' ? body : part))
    .join('');
}

/** A7's fields, read from the body's JSON as parsed once at the edge (`ReceivedCallback.json`). */
export function parseCallbackBody(
  json: ParsedJson,
  idFields: readonly string[] = DEFAULT_ID_FIELDS,
  units: { amountUnit?: AmountUnit; feeUnit?: AmountUnit } = {},
): Result<CallbackBody> {
  const parsed = json.ok ? json.value : undefined;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return err('validation', 'CALLBACK_BAD_BODY');
  }
  const raw = parsed as Record<string, unknown>;
  const levels = [
    raw,
    ...Object.values(raw).filter(
      (v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v),
    ),
  ];
  const first = (keys: string[]) => {
    for (const level of levels)
      for (const k of keys) {
        const v = level[k];
        if ((typeof v === 'string' && v) || typeof v === 'number') return v;
      }
    return undefined;
  };
  const ids = [
    ...new Set(
      levels
        .flatMap((l) => idFields.map((k) => l[k]))
        .filter(
          (v): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number',
        )
        .map(String),
    ),
  ];
  const cents = (v: unknown, unit: AmountUnit = 'reais') => {
    if (v === undefined) return undefined;
    const r = parseWireIn(v, unit);
    return r.ok ? r.value : undefined;
  };
  const transactionId = first([...idFields]);
  const status = first(['status']);
  const feeCents = cents(first(['fee', 'fees', 'tax', 'taxes']), units.feeUnit);
  // Any value under `amount` (not only strings and numbers), so `true` or `{}` is refused too.
  const amountValue = levels.find((l) => l.amount !== undefined && l.amount !== null)?.amount;
  const amount = readAmount(amountValue, units.amountUnit);
  const amountCents = amount?.ok ? amount.value : undefined;
  return ok({
    ids,
    raw,
    ...(transactionId !== undefined && { transactionId: String(transactionId) }),
    ...(status !== undefined && { status: String(status) }),
    ...(feeCents !== undefined && { feeCents }),
    ...(amountCents !== undefined && { amountCents }),
    ...(amount && !amount.ok && { amountRefusal: amount.code as AmountRefusal }),
  });
}
