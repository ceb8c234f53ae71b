import { generatePixPayload, getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';
import type { ErrorCode } from '../codes';
import { err, ok, type Result } from '../result';
import { parseWireAmount, toWireAmount, type Cents } from './money';

/**
 * The PIX BR Code (EMV QRCPS-MPM). Reading the Pix fields and the mandatory-object rules
 * are @brazilian-utils/brazilian-utils' (getPixPayloadInfo); this module adds what the app
 * needs on top: a precise reason when a payload is refused (so a bad PSP payload is
 * diagnosable), the raw amount tag of dynamic codes (the library ignores it there, but A14
 * requires it to equal the charge), and strict lengths when building.
 */
export const PIX_GUI = 'br.gov.bcb.pix';

export type BrCodeErrorCode = Extract<ErrorCode, `BRCODE_${string}`>;

const fail = (code: BrCodeErrorCode) => err('validation', code);

export interface BrCodeInfo {
  key?: string;
  url?: string;
  /** Tag 54, when present (also for dynamic codes). */
  amountCents?: Cents;
  merchantName: string;
  merchantCity: string;
  txid?: string;
  description?: string;
  dynamic: boolean;
}

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Top-level TLV objects in order; a length that is not two digits or overruns the text fails. */
export function readTlv(payload: string): Result<Array<{ id: string; value: string }>> {
  const out: Array<{ id: string; value: string }> = [];
  let at = 0;
  while (at < payload.length) {
    const head = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return fail('BRCODE_BAD_LENGTH');
    const len = Number(head.slice(2));
    const value = payload.slice(at + 4, at + 4 + len);
    if (value.length !== len) return fail('BRCODE_BAD_LENGTH');
    out.push({ id: head.slice(0, 2), value });
    at += 4 + len;
  }
  return ok(out);
}

export function parseBrCode(payload: string): Result<BrCodeInfo> {
  const text = payload.trim();
  if (text === '') return fail('BRCODE_EMPTY');
  const tlv = readTlv(text);
  if (!tlv.ok) return tlv;
  const last = tlv.value.at(-1);
  if (!last || last.id !== '63' || last.value.length !== 4) return fail('BRCODE_NO_CRC');
  if (crc16(text.slice(0, -4)) !== last.value.toUpperCase()) return fail('BRCODE_BAD_CRC');
  const info = getPixPayloadInfo(text);
  if (!info) {
    const hasGui = tlv.value.some(
      ({ id, value }) =>
        Number(id) >= 26 && Number(id) <= 51 && value.toLowerCase().includes(PIX_GUI),
    );
    return fail(hasGui ? 'BRCODE_INVALID' : 'BRCODE_NOT_PIX');
  }
  const rawAmount = tlv.value.find((o) => o.id === '54')?.value;
  let amountCents: Cents | undefined;
  if (rawAmount !== undefined) {
    const parsed = parseWireAmount(rawAmount);
    if (!parsed.ok) return fail('BRCODE_INVALID');
    amountCents = parsed.value;
  }
  return ok({
    ...(info.key !== undefined && { key: info.key }),
    ...(info.url !== undefined && { url: info.url }),
    ...(amountCents !== undefined && { amountCents }),
    ...(info.txid !== undefined && { txid: info.txid }),
    ...(info.description !== undefined && { description: info.description }),
    merchantName: info.merchantName,
    merchantCity: info.merchantCity,
    dynamic: info.pointOfInitiation === 'dynamic',
  });
}

/**
 * A14: what must hold before a payload is shown to a payer. The amount tag, when present,
 * must equal the charged amount to the cent.
 */
export function verifyBrCode(payload: string, expectedCents: Cents): Result<BrCodeInfo> {
  const parsed = parseBrCode(payload);
  if (!parsed.ok) return parsed;
  if (parsed.value.amountCents !== undefined && parsed.value.amountCents !== expectedCents) {
    return fail('BRCODE_AMOUNT_MISMATCH');
  }
  return parsed;
}

export interface BuildBrCodeParams {
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCents?: Cents;
  txid?: string;
  description?: string;
}

/** Builds a static BR Code; refuses (instead of truncating) fields over the manual's lengths. */
export function buildBrCode(p: BuildBrCodeParams): Result<string> {
  const bad =
    p.key.length < 1 ||
    p.key.length > 77 ||
    p.merchantName.length < 1 ||
    p.merchantName.length > 25 ||
    p.merchantCity.length < 1 ||
    p.merchantCity.length > 15 ||
    (p.txid !== undefined && !/^[A-Za-z0-9]{1,25}$/.test(p.txid)) ||
    (p.amountCents !== undefined && (!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0));
  if (bad) return fail('BRCODE_BAD_FIELD');
  const payload = generatePixPayload({
    key: p.key,
    merchantName: p.merchantName,
    merchantCity: p.merchantCity,
    ...(p.amountCents !== undefined && { amount: toWireAmount(p.amountCents) }),
    ...(p.txid !== undefined && { txid: p.txid }),
    ...(p.description !== undefined && { description: p.description }),
  });
  return payload === null ? fail('BRCODE_BAD_FIELD') : ok(payload);
}
