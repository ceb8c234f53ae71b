import { describe, expect, it } from 'vitest';
import { checkPayer, PAYER_NAME_MAX, payerInputSchema } from '../../../../shared/domain/payer';

// The payer the cashier types (or the Pagador padrão): what each PSP operation needs.
const ana = {
  name: '  Ana Souza ',
  document: '123.456.789-09',
  email: ' ana@padaria.com.br ',
  phone: '(11) 91234-5678',
};

describe('the payer of a deposit (/payments/deposit)', () => {
  it('name, document, e-mail and phone, as the PSP takes them', () => {
    expect(checkPayer(ana, 'deposit')).toEqual({
      issues: [],
      payer: {
        name: 'Ana Souza',
        document: '12345678909',
        email: 'ana@padaria.com.br',
        phone: '5511912345678',
      },
      documentMasked: '***.456.789-**',
    });
  });

  it('nothing typed: every field is named, in the form’s order', () => {
    expect(checkPayer({}, 'deposit')).toEqual({
      issues: [
        { field: 'name', code: 'PAYER_NAME_EMPTY' },
        { field: 'document', code: 'DOCUMENT_EMPTY' },
        { field: 'email', code: 'EMAIL_INVALID' },
        { field: 'phone', code: 'PHONE_INVALID' },
      ],
    });
  });

  it('a wrong e-mail or phone alone is named alone, and no payer is sent', () => {
    expect(checkPayer({ ...ana, email: 'ana@' }, 'deposit')).toEqual({
      issues: [{ field: 'email', code: 'EMAIL_INVALID' }],
    });
    expect(checkPayer({ ...ana, phone: '123' }, 'deposit')).toEqual({
      issues: [{ field: 'phone', code: 'PHONE_INVALID' }],
    });
  });
});

describe('the payer of a transaction (/transactions/create)', () => {
  it('name and document only: e-mail and phone are neither asked for nor sent', () => {
    expect(checkPayer({ name: 'Ana', document: '11.222.333/0001-81' }, 'transaction')).toEqual({
      issues: [],
      payer: { name: 'Ana', document: '11222333000181' },
      documentMasked: '**.222.333/0001-**',
    });
    expect(checkPayer({ ...ana, email: 'ana@', phone: '1' }, 'transaction')).toEqual({
      issues: [],
      payer: { name: 'Ana Souza', document: '12345678909' },
      documentMasked: '***.456.789-**',
    });
  });

  it('a name of spaces is no name; a document with a wrong check digit is refused', () => {
    expect(checkPayer({ name: '   ', document: '123.456.789-00' }, 'transaction')).toEqual({
      issues: [
        { field: 'name', code: 'PAYER_NAME_EMPTY' },
        { field: 'document', code: 'DOCUMENT_INVALID' },
      ],
    });
  });
});

describe('the payer’s name', () => {
  it('up to 100 characters, counted without the spaces around it', () => {
    const name = 'A'.repeat(PAYER_NAME_MAX);
    expect(checkPayer({ ...ana, name: ` ${name} ` }, 'deposit').payer?.name).toBe(name);
    expect(checkPayer({ ...ana, name: `${name}B` }, 'deposit')).toEqual({
      issues: [{ field: 'name', code: 'PAYER_NAME_TOO_LONG' }],
    });
  });
});

describe('what the window may send as a payer', () => {
  const fits = (p: object) => payerInputSchema.safeParse(p).success;

  it('each field up to its length: name 100, e-mail 254, document and phone 32', () => {
    const full = {
      name: 'n'.repeat(100),
      email: 'e'.repeat(254),
      document: 'd'.repeat(32),
      phone: 'p'.repeat(32),
    };
    expect(fits(full)).toBe(true);
    expect(fits({})).toBe(true);
    expect(fits({ ...full, name: 'n'.repeat(101) })).toBe(false);
    expect(fits({ ...full, email: 'e'.repeat(255) })).toBe(false);
    expect(fits({ ...full, document: 'd'.repeat(33) })).toBe(false);
    expect(fits({ ...full, phone: 'p'.repeat(33) })).toBe(false);
  });

  it('nothing else', () => {
    expect(fits({ name: 'Ana', cpf: '123' })).toBe(false);
  });
});
