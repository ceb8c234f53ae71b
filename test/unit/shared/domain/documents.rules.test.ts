import { describe, expect, it } from 'vitest';
import {
  formatDocument,
  parseDocument,
  parseEmail,
  parsePhone,
} from '../../../../shared/domain/documents';

// Each refusal is a fixable input mistake, shown next to its own field.
describe('refusals of the payer’s fields', () => {
  it('document empty or wrong, e-mail and phone wrong: validation, on the field', () => {
    expect(parseDocument(' ')).toEqual({
      ok: false,
      kind: 'validation',
      code: 'DOCUMENT_EMPTY',
      field: 'document',
    });
    expect(parseDocument('123.456.789-00')).toEqual({
      ok: false,
      kind: 'validation',
      code: 'DOCUMENT_INVALID',
      field: 'document',
    });
    expect(parseEmail('ana@')).toEqual({
      ok: false,
      kind: 'validation',
      code: 'EMAIL_INVALID',
      field: 'email',
    });
    expect(parsePhone('123')).toEqual({
      ok: false,
      kind: 'validation',
      code: 'PHONE_INVALID',
      field: 'phone',
    });
  });
});

describe('a CNPJ as the receipt shows it', () => {
  it('numeric and alphanumeric, with its mask', () => {
    expect(formatDocument({ kind: 'CNPJ', value: '11222333000181' })).toBe('11.222.333/0001-81');
    expect(formatDocument({ kind: 'CNPJ', value: '12ABC34501DE35' })).toBe('12.ABC.345/01DE-35');
  });
});
