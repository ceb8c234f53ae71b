import { describe, expect, it } from 'vitest';
import {
  chargeInputSchema,
  checkCharge,
  DESCRIPTION_MAX,
} from '../../../../shared/domain/charge-input';

// What the cashier submits to create a charge: every problem named next to its field.
const payer = { name: 'Ana', document: '123.456.789-09' };
const MAX = 100_000;

describe('a charge the cashier submits', () => {
  it('a valid one: the amount, the description trimmed, the payer as the PSP takes it', () => {
    expect(
      checkCharge(
        { amountCents: 1500, description: '  Pão de queijo ', payer },
        'transaction',
        MAX,
      ),
    ).toEqual({
      issues: [],
      value: {
        amountCents: 1500,
        description: 'Pão de queijo',
        payer: { name: 'Ana', document: '12345678909' },
        payerDocumentMasked: '***.456.789-**',
      },
    });
  });

  it('a description of spaces is no description', () => {
    const r = checkCharge({ amountCents: 1500, description: '   ', payer }, 'transaction', MAX);
    expect(r.issues).toEqual([]);
    expect(r.value).not.toHaveProperty('description');
  });

  it('every problem at once, one per field, in the form’s order', () => {
    expect(
      checkCharge({ amountCents: 0, description: 'x'.repeat(DESCRIPTION_MAX + 1) }, 'deposit', MAX),
    ).toEqual({
      issues: [
        { field: 'amount', code: 'AMOUNT_ZERO' },
        { field: 'description', code: 'DESCRIPTION_TOO_LONG' },
        { field: 'name', code: 'PAYER_NAME_EMPTY' },
        { field: 'document', code: 'DOCUMENT_EMPTY' },
        { field: 'email', code: 'EMAIL_INVALID' },
        { field: 'phone', code: 'PHONE_INVALID' },
      ],
    });
  });

  it('a wrong amount alone is refused alone: no charge goes out', () => {
    expect(checkCharge({ amountCents: MAX + 1, payer }, 'transaction', MAX)).toEqual({
      issues: [{ field: 'amount', code: 'AMOUNT_ABOVE_MAX' }],
    });
  });

  it('a payer problem alone is refused: no charge goes out', () => {
    expect(checkCharge({ amountCents: 100, payer: { name: 'Ana' } }, 'transaction', MAX)).toEqual({
      issues: [{ field: 'document', code: 'DOCUMENT_EMPTY' }],
    });
  });

  it('the terminal’s maximum itself is allowed', () => {
    expect(checkCharge({ amountCents: MAX, payer }, 'transaction', MAX).value?.amountCents).toBe(
      MAX,
    );
  });

  it('the description: 140 characters, counted without the spaces around it', () => {
    const text = 'd'.repeat(DESCRIPTION_MAX);
    expect(
      checkCharge({ amountCents: 100, description: ` ${text} `, payer }, 'transaction', MAX).value
        ?.description,
    ).toBe(text);
    expect(
      checkCharge({ amountCents: 100, description: `${text}d`, payer }, 'transaction', MAX).issues,
    ).toEqual([{ field: 'description', code: 'DESCRIPTION_TOO_LONG' }]);
  });
});

describe('what the window may send to create a charge', () => {
  it('whole cents only, a description of at most 140, nothing else', () => {
    expect(chargeInputSchema.safeParse({ amountCents: 100 }).success).toBe(true);
    expect(chargeInputSchema.safeParse({ amountCents: 1.5 }).success).toBe(false);
    expect(
      chargeInputSchema.safeParse({ amountCents: 1, description: 'x'.repeat(141) }).success,
    ).toBe(false);
    expect(chargeInputSchema.safeParse({ amountCents: 1, pixKey: 'x' }).success).toBe(false);
  });
});
