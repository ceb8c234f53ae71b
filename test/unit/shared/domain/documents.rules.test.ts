import { describe, expect, it } from 'vitest';
import {
  formatDocument,
  parseDocument,
  parseEmail,
  parsePhone,
} from '../../../../shared/domain/documents';
import { refused } from './refused';

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
