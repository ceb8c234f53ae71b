import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { parseBrCode } from '../../../../shared/domain/brcode';
import type { Cents } from '../../../../shared/domain/money';
import { err, ok, type Result } from '../../../../shared/result';
import { jsonTooDeep, readBounded } from '../reply-limits';
import { valorToCents } from './valor';

/** Algorithms accepted for the location's JWS (docs/api-pix.md: an assumption, named there). */
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];
const MAX_BYTES = 64 * 1024;

export interface ExpectedCharge {
  brcode: string;
  /** The `location` the PSP's `cob` reply names. */
  location: string;
  txid: string;
  amountCents: Cents;
  chave: string;
  /**
   * A `cobv`: the amounts its location may ask (`valor.final`), one per day the PSP's clock may
   * be on (ours ± minutes around midnight); `valor.original` must still be `amountCents`.
   */
  finals?: readonly Cents[];
}

const unverified = (reason: string) =>
  err('validation', 'APIPIX_QR_UNVERIFIED', { params: { reason } });
const mismatch = (field: string) => err('validation', 'APIPIX_QR_MISMATCH', { params: { field } });

/**
 * Reads the dynamic BR Code as the payer's bank will, before anyone sees it: its location is the
 * one the PSP named; the JWS there verifies with the key the PSP publishes at `jku` (same host,
 * https); the signed charge has our txid, amount to the cent, key and status ATIVA. Any doubt:
 * an error, and no QR.
 */
export async function verifyLocation(
  e: ExpectedCharge,
  fetch: typeof globalThis.fetch,
  timeoutMs: number,
): Promise<Result<true>> {
  const code = parseBrCode(e.brcode);
  if (!code.ok) return code;
  if (!code.value.dynamic || !code.value.url) return unverified('brcode-not-dynamic');
  const strip = (u: string) => u.replace(/^https:\/\//i, '');
  if (strip(code.value.url) !== strip(e.location)) return unverified('brcode-location-differs');
  const asked = e.finals ?? [e.amountCents];
  if (code.value.amountCents !== undefined && !asked.includes(code.value.amountCents))
    return mismatch('valor');

  const locationUrl = safeUrl(`https://${strip(code.value.url)}`);
  if (!locationUrl) return unverified('location-not-a-url');
  const jws = await get(fetch, locationUrl, timeoutMs);
  if (!jws.ok) return jws;
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws.value.trim());
  } catch {
    return unverified('not-a-jws');
  }
  if (!header.alg || !ALGORITHMS.includes(header.alg)) return unverified('algorithm');
  if (typeof header.kid !== 'string' || typeof header.jku !== 'string')
    return unverified('no-key-id');
  const jku = safeUrl(header.jku);
  if (!jku || jku.protocol !== 'https:' || jku.hostname !== locationUrl.hostname)
    return unverified('key-url-host');
  const keys = await get(fetch, jku, timeoutMs);
  if (!keys.ok) return keys;
  let set: JSONWebKeySet;
  try {
    if (jsonTooDeep(keys.value)) return unverified('keys-unreadable');
    set = JSON.parse(keys.value) as JSONWebKeySet;
    if (!Array.isArray(set.keys)) return unverified('keys-unreadable');
  } catch {
    return unverified('keys-unreadable');
  }
  let payload: Record<string, unknown>;
  try {
    const v = await compactVerify(jws.value.trim(), createLocalJWKSet(set), {
      algorithms: ALGORITHMS,
    });
    payload = JSON.parse(new TextDecoder().decode(v.payload)) as Record<string, unknown>;
  } catch (x) {
    const c = (x as { code?: string }).code ?? '';
    return unverified(c === 'ERR_JWKS_NO_MATCHING_KEY' ? 'unknown-key' : 'bad-signature');
  }
  if (payload.txid !== e.txid) return mismatch('txid');
  const valor = valorToCents(
    (payload.valor as { original?: unknown } | undefined)?.original,
    'valor',
  );
  if (!valor.ok || valor.value !== e.amountCents) return mismatch('valor');
  if (e.finals) {
    // [spec] CobVPayloadValor: `final` is what the payer's bank charges today.
    const final = valorToCents((payload.valor as { final?: unknown }).final, 'valor.final');
    if (!final.ok || !e.finals.includes(final.value)) return mismatch('valor.final');
  }
  if (payload.chave !== e.chave) return mismatch('chave');
  if (payload.status !== 'ATIVA') return mismatch('status');
  return ok(true);
}

function safeUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/** A bounded GET with no redirect followed: the hardening the PSP client already applies. */
async function get(
  fetch: typeof globalThis.fetch,
  url: URL,
  timeoutMs: number,
): Promise<Result<string>> {
  const cut = new AbortController();
  try {
    const res = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), cut.signal]),
    });
    if (res.status >= 300 && res.status <= 399) {
      await res.body?.cancel().catch(() => {});
      return unverified('redirect');
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {});
      return unverified(`http-${res.status}`);
    }
    const read = await readBounded(res, MAX_BYTES, () => cut.abort());
    return read.ok ? ok(read.text) : unverified('too-large');
  } catch {
    return unverified('unreachable');
  }
}
