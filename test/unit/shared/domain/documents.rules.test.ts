import { describe, expect, it } from 'vitest';
import {
  formatDocument,
  maskDocument,
  maskDocumentText,
  parseDocument,
  parseEmail,
  parsePhone,
} from '../../../../shared/domain/documents';
import { refused } from './refused';

const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);

describe('CPF / CNPJ', () => {
  it('accepts a CPF with or without mask and masks it for lists', () => {
    for (const input of ['123.456.789-09', '12345678909', ' 123 456 789 09 ']) {
      const r = parseDocument(input);
      expect(r).toEqual({ ok: true, value: { kind: 'CPF', value: '12345678909' } });
    }
    const cpf = { kind: 'CPF', value: '12345678909' } as const;
    expect(formatDocument(cpf)).toBe('123.456.789-09');
    expect(maskDocument(cpf)).toBe('***.456.789-**');
  });

  it('accepts a numeric CNPJ and the alphanumeric CNPJ (in force since July 2026)', () => {
    expect(parseDocument('11.222.333/0001-81')).toEqual({
      ok: true,
      value: { kind: 'CNPJ', value: '11222333000181' },
    });
    expect(parseDocument('12.abc.345/01de-35')).toEqual({
      ok: true,
      value: { kind: 'CNPJ', value: '12ABC34501DE35' },
    });
    expect(maskDocument({ kind: 'CNPJ', value: '11222333000181' })).toBe('**.222.333/0001-**');
  });

  it.each([
    ['123.456.789-00', 'DOCUMENT_INVALID'],
    ['111.111.111-11', 'DOCUMENT_INVALID'],
    ['11.222.333/0001-82', 'DOCUMENT_INVALID'],
    ['1234', 'DOCUMENT_INVALID'],
    ['', 'DOCUMENT_EMPTY'],
  ])('refuses %j with %s, for the document field', (input, expected) => {
    const r = parseDocument(input);
    expect(code(r)).toBe(expected);
    expect(r).toMatchObject({ field: 'document' });
  });

  it('never reveals an unrecognised document when masking text', () => {
    expect(maskDocumentText('99999')).toBe('***');
    expect(maskDocumentText('529.982.247-25')).toBe('***.982.247-**');
  });
});

describe('phone (the seed: digits only, 55 + area code + number)', () => {
  it.each([
    ['(11) 91234-5678', '5511912345678'],
    ['+55 11 91234-5678', '5511912345678'],
    ['5511912345678', '5511912345678'],
    ['11 3333-4444', '551133334444'],
    ['(55) 99123-4567', '5555991234567'],
  ])('%s → %s', (input, wire) => expect(parsePhone(input)).toEqual({ ok: true, value: wire }));

  it.each(['', '1234', '(00) 91234-5678', '11 1234', '+1 212 555 0100'])('refuses %j', (input) => {
    expect(code(parsePhone(input))).toBe('PHONE_INVALID');
  });
});

describe('e-mail', () => {
  it('accepts a normal address and trims it', () => {
    expect(parseEmail(' ana@padaria.com.br ')).toEqual({ ok: true, value: 'ana@padaria.com.br' });
  });
  it.each(['', 'ana', 'ana@', '@x.com', 'ana@x', 'a b@x.com'])('refuses %j', (input) => {
    expect(code(parseEmail(input))).toBe('EMAIL_INVALID');
  });
});

// Each refusal is a fixable input mistake, shown next to its own field.
describe('refusals of the payer’s fields', () => {
  it('document empty or wrong, e-mail and phone wrong: validation, on the field', () => {
    expect(parseDocument(' ')).toEqual(refused('DOCUMENT_EMPTY', 'document'));
    expect(parseDocument('123.456.789-00')).toEqual(refused('DOCUMENT_INVALID', 'document'));
    expect(parseEmail('ana@')).toEqual(refused('EMAIL_INVALID', 'email'));
    expect(parsePhone('123')).toEqual(refused('PHONE_INVALID', 'phone'));
  });
});

describe('a CNPJ as the receipt shows it', () => {
  it('numeric and alphanumeric, with its mask', () => {
    expect(formatDocument({ kind: 'CNPJ', value: '11222333000181' })).toBe('11.222.333/0001-81');
    expect(formatDocument({ kind: 'CNPJ', value: '12ABC34501DE35' })).toBe('12.ABC.345/01DE-35');
  });
});
