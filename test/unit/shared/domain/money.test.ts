import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  DEFAULT_MAX_CENTS,
  formatBRL,
  parseMoney,
  parseWireAmount,
  shiftInDigit,
  shiftOutDigit,
  toWireAmount,
} from '../../../../shared/domain/money';
import { refused } from './refused';

const cents = (r: ReturnType<typeof parseMoney>) => (r.ok ? r.value : r.code);

describe('parseMoney (what a cashier types)', () => {
  it.each([
    ['12,34', 1234],
    ['1.234,56', 123456],
    ['R$ 12,34', 1234],
    ['R$\u00a01.234,56', 123456],
    ['12.34', 1234],
    ['1234', 123400],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['1,234.56', 123456],
    ['0,5', 50],
    [',99', 99],
    ['  7 ', 700],
  ])('%s → %i cents', (text, expected) => {
    expect(cents(parseMoney(text))).toBe(expected);
  });

  it.each([
    ['', 'AMOUNT_EMPTY'],
    ['   ', 'AMOUNT_EMPTY'],
    ['R$', 'AMOUNT_EMPTY'],
    ['abc', 'AMOUNT_NOT_A_NUMBER'],
    ['NaN', 'AMOUNT_NOT_A_NUMBER'],
    ['1.23.4', 'AMOUNT_NOT_A_NUMBER'],
    ['1,2,3', 'AMOUNT_NOT_A_NUMBER'],
    ['-5,00', 'AMOUNT_NEGATIVE'],
    ['12,345', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['0.125', 'AMOUNT_TOO_MANY_DECIMALS'],
  ])('%j is refused with %s', (text, code) => {
    expect(cents(parseMoney(text))).toBe(code);
  });

  it('refuses zero only where a positive amount is needed', () => {
    expect(cents(parseMoney('0,00'))).toBe(0);
    expect(cents(parseMoney('0,00', { positive: true }))).toBe('AMOUNT_ZERO');
  });

  it('refuses amounts above the configured maximum, and accepts the maximum itself', () => {
    expect(cents(parseMoney('100.000,00', { maxCents: DEFAULT_MAX_CENTS }))).toBe(
      DEFAULT_MAX_CENTS,
    );
    expect(cents(parseMoney('100.000,01', { maxCents: DEFAULT_MAX_CENTS }))).toBe(
      'AMOUNT_ABOVE_MAX',
    );
    expect(cents(parseMoney('999999999999999999,00'))).toBe('AMOUNT_ABOVE_MAX');
  });

  it('gives each error a code (no sentence) and the field it belongs to', () => {
    const r = parseMoney('12,345');
    expect(r).toEqual(refused('AMOUNT_TOO_MANY_DECIMALS', 'amount'));
  });
});

describe('parseWireAmount (what the PSP sends)', () => {
  it.each([
    [12.34, 1234],
    [0.1, 10],
    [100000, 10000000],
    [1.1, 110],
    ['12.34', 1234],
    ['12.340', 1234],
    [0, 0],
  ])('%j → %i cents', (value, expected) => {
    expect(cents(parseWireAmount(value))).toBe(expected);
  });

  it.each([
    [0.1 + 0.2, 'AMOUNT_TOO_MANY_DECIMALS'],
    [12.345, 'AMOUNT_TOO_MANY_DECIMALS'],
    [1e-7, 'AMOUNT_TOO_MANY_DECIMALS'],
    [1e25, 'AMOUNT_ABOVE_MAX'],
    [Number.NaN, 'AMOUNT_NOT_A_NUMBER'],
    [Number.POSITIVE_INFINITY, 'AMOUNT_NOT_A_NUMBER'],
    ['12,34', 'AMOUNT_NOT_A_NUMBER'],
    [null, 'AMOUNT_EMPTY'],
    [{}, 'AMOUNT_NOT_A_NUMBER'],
    [-1, 'AMOUNT_NEGATIVE'],
  ])('%j is refused with %s', (value, code) => {
    expect(cents(parseWireAmount(value))).toBe(code);
  });
});

describe('formatting', () => {
  // `\u00a0`: a non-breaking space, so `R$` never wraps away from its digits (200 % zoom).
  it.each([
    [0, 'R$\u00a00,00'],
    [5, 'R$\u00a00,05'],
    [1234, 'R$\u00a012,34'],
    [123456, 'R$\u00a01.234,56'],
    [123456789, 'R$\u00a01.234.567,89'],
    [-1050, '-R$\u00a010,50'],
  ])('%i cents → %s', (c, text) => expect(formatBRL(c)).toBe(text));

  it('has no breakable space anywhere, and reads back', () => {
    for (const c of [0, 99, 123456, 10_000_000_00]) {
      expect(formatBRL(c)).not.toMatch(/ /);
      expect(parseMoney(formatBRL(c))).toEqual({ ok: true, value: c });
    }
  });

  it('writes the wire number without floating-point drift', () => {
    expect(toWireAmount(1234)).toBe(12.34);
    expect(JSON.stringify({ amount: toWireAmount(1999) })).toBe('{"amount":19.99}');
    expect(JSON.stringify({ amount: toWireAmount(10) })).toBe('{"amount":0.1}');
    expect(toWireAmount(10000000)).toBe(100000);
  });
});

describe('the amount field: digits shift in from the right', () => {
  it('1, 2, 3, 4 → R$ 12,34 and backspace removes the last digit', () => {
    const typed = [1, 2, 3, 4].reduce((c, d) => shiftInDigit(c, d), 0);
    expect(formatBRL(typed)).toBe('R$\u00a012,34');
    expect(formatBRL(shiftOutDigit(typed))).toBe('R$\u00a01,23');
  });

  it('ignores digits beyond the field capacity instead of overflowing', () => {
    const full = Array.from({ length: 11 }, () => 9).reduce((c, d) => shiftInDigit(c, d), 0);
    expect(shiftInDigit(full, 9)).toBe(full);
  });
});

describe('amounts in a field of a given unit', () => {
  it('reads and writes reais and integer cents', async () => {
    const { parseWireIn, toWireIn } = await import('../../../../shared/domain/money');
    expect(parseWireIn(455, 'cents')).toEqual({ ok: true, value: 455 });
    expect(parseWireIn('23', 'cents')).toEqual({ ok: true, value: 23 });
    expect(parseWireIn(4.55, 'reais')).toEqual({ ok: true, value: 455 });
    expect(parseWireIn(4.55, 'cents')).toMatchObject({
      ok: false,
      code: 'AMOUNT_TOO_MANY_DECIMALS',
    });
    expect(parseWireIn(undefined, 'cents')).toMatchObject({ ok: false, code: 'AMOUNT_EMPTY' });
    expect(parseWireIn(5, 'cents')).toEqual({ ok: true, value: 5 });
    expect(toWireIn(455, 'cents')).toBe(455);
    expect(toWireIn(455, 'reais')).toBe(4.55);
  });
});

// The money rules one by one (what `npm run mutation` found unpinned): the rule every amount
// that moves money obeys, `positive` with amounts that are not zero, negatives, the digit cap.
describe('checkAmount: the rule for every amount that moves money', () => {
  const MAX = 10_000;

  it.each([1, 999, MAX])('%i cents (above zero, at most the maximum) is accepted', (c) => {
    expect(checkAmount(c, MAX)).toEqual({ ok: true, value: c });
  });

  it('one cent over the maximum is refused as AMOUNT_ABOVE_MAX, on the amount field', () => {
    expect(checkAmount(MAX + 1, MAX)).toEqual(refused('AMOUNT_ABOVE_MAX', 'amount'));
  });

  it.each([0, -1, -500, 12.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, Infinity])(
    '%s is not an amount of whole cents above zero: AMOUNT_ZERO',
    (c) => {
      expect(cents(checkAmount(c, Number.MAX_VALUE))).toBe('AMOUNT_ZERO');
    },
  );
});

describe('parseMoney options', () => {
  it('positive: true accepts amounts that are not zero, from one cent up', () => {
    expect(cents(parseMoney('0,01', { positive: true }))).toBe(1);
    expect(cents(parseMoney('5', { positive: true }))).toBe(500);
    expect(cents(parseMoney('R$ 1.234,56', { positive: true }))).toBe(123456);
  });

  it('positive: true refuses every way of typing zero', () => {
    for (const zero of ['0', '0,00', ',00', '-0,00', '000'])
      expect(cents(parseMoney(zero, { positive: true }))).toBe('AMOUNT_ZERO');
  });

  it('a balance may be negative when allowed; minus zero is just zero', () => {
    expect(cents(parseMoney('-5,00', { allowNegative: true }))).toBe(-500);
    expect(cents(parseMoney('R$ -1.234,56', { allowNegative: true }))).toBe(-123456);
    expect(cents(parseMoney('-0,00'))).toBe(0);
  });

  it('the maximum applies to the amount typed, and is inclusive', () => {
    expect(cents(parseMoney('10,00', { maxCents: 1000 }))).toBe(1000);
    expect(cents(parseMoney('10,01', { maxCents: 1000 }))).toBe('AMOUNT_ABOVE_MAX');
  });

  it('fifteen digits are read; a sixteenth is refused before it loses precision', () => {
    expect(cents(parseMoney('9999999999999,99'))).toBe(999_999_999_999_999);
    expect(cents(parseMoney('10000000000000,00'))).toBe('AMOUNT_ABOVE_MAX');
    expect(cents(parseMoney('0000000000000000001,00'))).toBe(100);
  });
});

describe('parseMoney reading', () => {
  it.each([
    ['r$ 5', 500],
    ['1 234,56', 123456],
    ['1,234,567.89', 123456789],
    ['12,3', 1230],
    ['5,', 500],
    ['0,05', 5],
  ])('%j → %i cents', (text, c) => expect(cents(parseMoney(text))).toBe(c));

  it.each([
    ['-', 'AMOUNT_NOT_A_NUMBER'],
    ['.', 'AMOUNT_NOT_A_NUMBER'],
    [',', 'AMOUNT_NOT_A_NUMBER'],
    ['12a', 'AMOUNT_NOT_A_NUMBER'],
    ['1.234.5', 'AMOUNT_NOT_A_NUMBER'],
    ['1,5.3', 'AMOUNT_NOT_A_NUMBER'],
    ['1.234,5,6', 'AMOUNT_NOT_A_NUMBER'],
    ['12.34.56,00', 'AMOUNT_NOT_A_NUMBER'],
    ['0.123', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1.2345', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1234.567', 'AMOUNT_TOO_MANY_DECIMALS'],
  ])('%j is refused with %s', (text, code) => expect(cents(parseMoney(text))).toBe(code));
});

describe('parseWireAmount reading', () => {
  it.each([
    [' 12.34 ', 1234],
    ['12.3400', 1234],
    ['7', 700],
  ])('%j → %i cents', (v, c) => expect(cents(parseWireAmount(v))).toBe(c));

  it.each([
    ['', 'AMOUNT_EMPTY'],
    ['  ', 'AMOUNT_EMPTY'],
    [undefined, 'AMOUNT_EMPTY'],
    [true, 'AMOUNT_NOT_A_NUMBER'],
    ['12.', 'AMOUNT_NOT_A_NUMBER'],
    ['.5', 'AMOUNT_NOT_A_NUMBER'],
    ['x12.34', 'AMOUNT_NOT_A_NUMBER'],
    ['12.34x', 'AMOUNT_NOT_A_NUMBER'],
    ['12.3401', 'AMOUNT_TOO_MANY_DECIMALS'],
    [-1e-7, 'AMOUNT_TOO_MANY_DECIMALS'],
    [-1e25, 'AMOUNT_ABOVE_MAX'],
    ['-1.50', 'AMOUNT_NEGATIVE'],
  ])('%j is refused with %s', (v, code) => expect(cents(parseWireAmount(v))).toBe(code));

  it('the options apply to wire amounts too', () => {
    expect(cents(parseWireAmount(-0.5, { allowNegative: true }))).toBe(-50);
    expect(cents(parseWireAmount('-1.5', { allowNegative: true }))).toBe(-150);
    expect(cents(parseWireAmount(0.01, { positive: true }))).toBe(1);
    expect(cents(parseWireAmount(0, { positive: true }))).toBe('AMOUNT_ZERO');
    expect(cents(parseWireAmount(10.01, { maxCents: 1000 }))).toBe('AMOUNT_ABOVE_MAX');
  });
});

describe('formatting and the amount field', () => {
  it('formats small negatives and round thousands', () => {
    expect(formatBRL(-5)).toBe('-R$\u00a00,05');
    expect(formatBRL(100_000)).toBe('R$\u00a01.000,00');
  });

  it('writes negative and sub-real wire numbers', () => {
    expect(toWireAmount(-1050)).toBe(-10.5);
    expect(toWireAmount(5)).toBe(0.05);
  });

  it('the field keeps at most the digits it was given room for', () => {
    expect(shiftInDigit(12, 3, 3)).toBe(123);
    expect(shiftInDigit(123, 4, 3)).toBe(123);
    expect(shiftOutDigit(5)).toBe(0);
  });
});
