import { MONEY_ERROR_CODES } from '../codes';
import { err, ok, type Result } from '../result';

/** Money inside the app is always integer cents. */
export type Cents = number;

/** The PSP's documented ceiling is absent; A11 sets R$ 100.000,00 per charge (a setting). */
export const DEFAULT_MAX_CENTS = 10_000_000;

export type MoneyErrorCode = (typeof MONEY_ERROR_CODES)[number];

export interface ParseOptions {
  /** Refuse zero (a charge or a withdrawal); balances and fees may be zero. */
  positive?: boolean;
  /** Balances may be negative; amounts typed or charged may not. */
  allowNegative?: boolean;
  maxCents?: number;
}

const fail = (code: MoneyErrorCode) => err('validation', code, { field: 'amount' });

/**
 * Parses what a cashier types or a PSP sends as text: `12,34`, `1.234,56`, `R$ 12,34`,
 * `12.34`, `1234`. With both separators, the last one is the decimal mark. A lone `.`
 * followed by exactly three digits is read the pt-BR way, as a thousands separator
 * (`1.234` is one thousand two hundred and thirty-four reais).
 */
export function parseMoney(input: string, options: ParseOptions = {}): Result<Cents> {
  let text = input.replace(/R\$/i, '').replace(/[\s\u00a0]/g, '');
  if (text === '') return fail('AMOUNT_EMPTY');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  const split = splitDecimal(text);
  if (!split) return fail('AMOUNT_NOT_A_NUMBER');
  const [whole, fraction] = split;
  if (fraction.length > 2) return fail('AMOUNT_TOO_MANY_DECIMALS');
  return checkBounds(negative, whole, fraction.padEnd(2, '0'), options);
}

/**
 * Parses an amount the PSP sent as a JSON number (12.34) or numeric string. The shortest
 * round-trip decimal form of the double is exactly what the PSP wrote, so reading its digits
 * avoids floating-point drift (12.34 * 100 = 1233.9999999999998).
 */
export function parseWireAmount(value: unknown, options: ParseOptions = {}): Result<Cents> {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('AMOUNT_NOT_A_NUMBER');
    const text = String(value);
    if (/e/i.test(text)) {
      return Math.abs(value) < 1 ? fail('AMOUNT_TOO_MANY_DECIMALS') : fail('AMOUNT_ABOVE_MAX');
    }
    return parseDotDecimal(text, options);
  }
  if (typeof value === 'string') return parseDotDecimal(value.trim(), options);
  return fail(value === null || value === undefined ? 'AMOUNT_EMPTY' : 'AMOUNT_NOT_A_NUMBER');
}

function parseDotDecimal(text: string, options: ParseOptions): Result<Cents> {
  if (text === '') return fail('AMOUNT_EMPTY');
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return fail('AMOUNT_NOT_A_NUMBER');
  const fraction = m[3] ?? '';
  if (fraction.replace(/0+$/, '').length > 2) return fail('AMOUNT_TOO_MANY_DECIMALS');
  return checkBounds(m[1] === '-', m[2]!, fraction.slice(0, 2).padEnd(2, '0'), options);
}

function splitDecimal(text: string): [string, string] | null {
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalAt = Math.max(lastComma, lastDot);
  if (decimalAt >= 0 && lastComma < 0 && isThousandsOnly(text, '.')) decimalAt = -1;
  if (decimalAt >= 0 && lastDot < 0 && text.indexOf(',') !== lastComma) return null;
  const wholePart = decimalAt < 0 ? text : text.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : text.slice(decimalAt + 1);
  if (/[.,]/.test(fraction)) return null;
  const groupSep = decimalAt < 0 || text[decimalAt] === ',' ? '.' : ',';
  const whole = stripGroups(wholePart, groupSep);
  if (whole === null || (whole === '' && fraction === '')) return null;
  return [whole === '' ? '0' : whole, fraction];
}

/** `1.234` or `1.234.567`: dots that can only be thousands separators. */
function isThousandsOnly(text: string, sep: string): boolean {
  const groups = text.split(sep);
  return (
    groups.length > 1 &&
    /^[1-9]\d{0,2}$/.test(groups[0]!) &&
    groups.slice(1).every((g) => /^\d{3}$/.test(g))
  );
}

function stripGroups(whole: string, sep: string): string | null {
  if (!whole.includes(sep)) return /^\d*$/.test(whole) ? whole : null;
  return isThousandsOnly(whole, sep) ? whole.split(sep).join('') : null;
}

function checkBounds(
  negative: boolean,
  whole: string,
  fraction2: string,
  { positive = false, allowNegative = false, maxCents }: ParseOptions,
): Result<Cents> {
  const digits = (whole.replace(/^0+(?=\d)/, '') + fraction2).replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return fail('AMOUNT_ABOVE_MAX');
  const cents = Number(digits);
  if (negative && cents !== 0) return allowNegative ? ok(-cents) : fail('AMOUNT_NEGATIVE');
  if (positive && cents === 0) return fail('AMOUNT_ZERO');
  if (maxCents !== undefined && cents > maxCents) return fail('AMOUNT_ABOVE_MAX');
  return ok(cents);
}

/**
 * The rule every amount that moves money obeys (a charge, a withdrawal), once for the
 * renderer and the services: whole cents, above zero, at most the configured maximum.
 */
export function checkAmount(cents: number, maxCents: number): Result<Cents> {
  if (!Number.isSafeInteger(cents) || cents <= 0) return fail('AMOUNT_ZERO');
  if (cents > maxCents) return fail('AMOUNT_ABOVE_MAX');
  return ok(cents);
}

/** The non-breaking space between `R$` and its digits: the amount never wraps apart. */
export const NBSP = '\u00a0';

/** pt-BR display: `R$ 1.234,56` (a non-breaking space after `R$`). Integer arithmetic only. */
export function formatBRL(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const reais = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$${NBSP}${reais},${String(abs % 100).padStart(2, '0')}`;
}

/** The number the PSP expects in JSON: 1234 → 12.34 (the double whose shortest form is "12.34"). */
export function toWireAmount(cents: Cents): number {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return Number(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** How a PSP writes an amount in one field: reais with decimals (`4.55`) or integer cents (`455`). */
export const AMOUNT_UNITS = ['reais', 'cents'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];

/** An amount as the PSP wants it in a field of this unit. */
export function toWireIn(cents: Cents, unit: AmountUnit): number {
  return unit === 'cents' ? cents : toWireAmount(cents);
}

/** An amount the PSP sent in a field of this unit; cents must be a whole number. */
export function parseWireIn(
  value: unknown,
  unit: AmountUnit,
  options: ParseOptions = {},
): Result<Cents> {
  if (unit === 'reais') return parseWireAmount(value, options);
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d{1,15})$/.exec(text);
  if (!m) {
    if (value === null || value === undefined) return fail('AMOUNT_EMPTY');
    // 4.55 in a cents field: the unit setting is wrong, not the PSP's arithmetic.
    return fail(/^-?\d+\.\d+$/.test(text) ? 'AMOUNT_TOO_MANY_DECIMALS' : 'AMOUNT_NOT_A_NUMBER');
  }
  const digits = m[2]!.padStart(3, '0');
  return checkBounds(m[1] === '-', digits.slice(0, -2), digits.slice(-2), options);
}

/** The cashier's amount field: digits shift in from the right (1,2,3,4 → R$ 12,34). */
export function shiftInDigit(cents: Cents, digit: number, maxDigits = 11): Cents {
  const next = cents * 10 + digit;
  return String(next).length > maxDigits ? cents : next;
}

export const shiftOutDigit = (cents: Cents): Cents => Math.trunc(cents / 10);
