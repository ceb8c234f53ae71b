import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  formatBRL,
  parseMoney,
  parseWireAmount,
  shiftInDigit,
  shiftOutDigit,
  toWireAmount,
} from '../../../../shared/domain/money';
import { refused } from './refused';

// The money rules one by one (what `npm run mutation` found unpinned): the rule every amount
// that moves money obeys, `positive` with amounts that are not zero, negatives, the digit cap.
const value = (r: ReturnType<typeof parseMoney>) => (r.ok ? r.value : r.code);

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
      expect(value(checkAmount(c, Number.MAX_VALUE))).toBe('AMOUNT_ZERO');
    },
  );
});

describe('parseMoney options', () => {
  it('positive: true accepts amounts that are not zero, from one cent up', () => {
    expect(value(parseMoney('0,01', { positive: true }))).toBe(1);
    expect(value(parseMoney('5', { positive: true }))).toBe(500);
    expect(value(parseMoney('R$ 1.234,56', { positive: true }))).toBe(123456);
  });

  it('positive: true refuses every way of typing zero', () => {
    for (const zero of ['0', '0,00', ',00', '-0,00', '000'])
      expect(value(parseMoney(zero, { positive: true }))).toBe('AMOUNT_ZERO');
  });

  it('a balance may be negative when allowed; minus zero is just zero', () => {
    expect(value(parseMoney('-5,00', { allowNegative: true }))).toBe(-500);
    expect(value(parseMoney('R$ -1.234,56', { allowNegative: true }))).toBe(-123456);
    expect(value(parseMoney('-0,00'))).toBe(0);
  });

  it('the maximum applies to the amount typed, and is inclusive', () => {
    expect(value(parseMoney('10,00', { maxCents: 1000 }))).toBe(1000);
    expect(value(parseMoney('10,01', { maxCents: 1000 }))).toBe('AMOUNT_ABOVE_MAX');
  });

  it('fifteen digits are read; a sixteenth is refused before it loses precision', () => {
    expect(value(parseMoney('9999999999999,99'))).toBe(999_999_999_999_999);
    expect(value(parseMoney('10000000000000,00'))).toBe('AMOUNT_ABOVE_MAX');
    expect(value(parseMoney('0000000000000000001,00'))).toBe(100);
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
  ])('%j → %i cents', (text, c) => expect(value(parseMoney(text))).toBe(c));

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
  ])('%j is refused with %s', (text, code) => expect(value(parseMoney(text))).toBe(code));
});

describe('parseWireAmount reading', () => {
  it.each([
    [' 12.34 ', 1234],
    ['12.3400', 1234],
    ['7', 700],
  ])('%j → %i cents', (v, c) => expect(value(parseWireAmount(v))).toBe(c));

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
  ])('%j is refused with %s', (v, code) => expect(value(parseWireAmount(v))).toBe(code));

  it('the options apply to wire amounts too', () => {
    expect(value(parseWireAmount(-0.5, { allowNegative: true }))).toBe(-50);
    expect(value(parseWireAmount('-1.5', { allowNegative: true }))).toBe(-150);
    expect(value(parseWireAmount(0.01, { positive: true }))).toBe(1);
    expect(value(parseWireAmount(0, { positive: true }))).toBe('AMOUNT_ZERO');
    expect(value(parseWireAmount(10.01, { maxCents: 1000 }))).toBe('AMOUNT_ABOVE_MAX');
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
