import { describe, expect, it } from 'vitest';
import {
  checkCobv,
  cobvLife,
  cobvDue,
  cobvRequestBody,
  judgeCobvPayment,
  parsePercent,
  readCobvTerms,
  shopDate,
  type CobvTerms,
} from '../../../../shared/domain/cobv';

const terms = (o: Partial<CobvTerms> = {}): CobvTerms => ({
  dueDate: '2026-12-10',
  daysAfterDue: 30,
  finePct: 200,
  interestPctMonth: 100,
  discountCents: 0,
  ...o,
});
const payer = { name: 'Maria Souza', document: '529.982.247-25' };
const TODAY = '2026-11-28';
const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);

describe('cobv terms are checked before anything is sent', () => {
  it('accepts terms within the spec and our caps, and the payer document in any mask', () => {
    const r = checkCobv(terms(), 10_000, payer, TODAY);
    expect(r).toMatchObject({
      ok: true,
      value: { payer: { name: 'Maria Souza', document: { kind: 'CPF', value: '52998224725' } } },
    });
    expect(code(checkCobv(terms({ dueDate: TODAY }), 10_000, payer, TODAY))).toBe('ok');
  });

  it.each([
    ['a due date before today', terms({ dueDate: '2026-11-27' }), 'COBV_DUE_DATE_PAST'],
    ['a due date that does not exist', terms({ dueDate: '2026-02-30' }), 'COBV_DUE_DATE_INVALID'],
    ['a due date beyond 30 days', terms({ dueDate: '2026-12-29' }), 'COBV_DUE_DATE_TOO_FAR'],
    ['negative days after the due date', terms({ daysAfterDue: -1 }), 'COBV_DAYS_AFTER_RANGE'],
    ['a fine above 2 %', terms({ finePct: 201 }), 'COBV_FINE_RANGE'],
    ['a negative fine', terms({ finePct: -1 }), 'COBV_FINE_RANGE'],
    ['interest above 1 % a month', terms({ interestPctMonth: 101 }), 'COBV_INTEREST_RANGE'],
    ['a discount as large as the charge', terms({ discountCents: 10_000 }), 'COBV_DISCOUNT_RANGE'],
  ])('refuses %s', (_what, t, want) => {
    expect(code(checkCobv(t, 10_000, payer, TODAY))).toBe(want);
  });

  it('refuses a cobv without the payer (the spec requires devedor), or with a bad document', () => {
    expect(checkCobv(terms(), 10_000, { name: 'Maria', document: ' ' }, TODAY)).toMatchObject({
      ok: false,
      code: 'COBV_PAYER_REQUIRED',
      field: 'payerDocument',
    });
    expect(checkCobv(terms(), 10_000, { ...payer, name: '' }, TODAY)).toMatchObject({
      code: 'COBV_PAYER_REQUIRED',
      field: 'payerName',
    });
    expect(code(checkCobv(terms(), 10_000, { ...payer, document: '111.111.111-11' }, TODAY))).toBe(
      'DOCUMENT_INVALID',
    );
  });

  it('reads percentages as a cashier types them, never more than two decimals', () => {
    expect(parsePercent('2', 'f')).toEqual({ ok: true, value: 200 });
    expect(parsePercent('0,5', 'f')).toEqual({ ok: true, value: 50 });
    expect(parsePercent('1.25', 'f')).toEqual({ ok: true, value: 125 });
    expect(parsePercent('', 'f')).toEqual({ ok: true, value: 0 });
    expect(code(parsePercent('0,333', 'f'))).toBe('COBV_PERCENT_INVALID');
    expect(code(parsePercent('-1', 'f'))).toBe('COBV_PERCENT_INVALID');
  });
});

describe('the amount due for the day (valor.final)', () => {
  it("follows the spec's own example: R$ 100, fine 3 %, two days late at 1 % a day (30 % a month) is R$ 105", () => {
    const t = terms({ finePct: 300, interestPctMonth: 3000 });
    expect(cobvDue(t, 10_000, '2026-12-12')).toMatchObject({
      multa: 300,
      juros: 200,
      final: 10_500,
    });
  });

  it('is the face value minus the discount until the due date, and no fine on the day itself', () => {
    const t = terms({ discountCents: 500 });
    expect(cobvDue(t, 10_000, '2026-12-01')).toMatchObject({ desconto: 500, final: 9_500 });
    expect(cobvDue(t, 10_000, '2026-12-10')).toMatchObject({ multa: 0, final: 9_500 });
    // One day late: 2 % fine + 1 %/30 a day, on R$ 100: 2.00 + 0.03.
    expect(cobvDue(t, 10_000, '2026-12-11')).toMatchObject({
      multa: 200,
      juros: 3,
      desconto: 0,
      final: 10_203,
      expired: false,
    });
    // 30 days after is Saturday 9 Jan 2027: payable to Monday 11 (the spec's example A).
    expect(cobvDue(t, 10_000, '2027-01-11').expired).toBe(false);
    expect(cobvDue(t, 10_000, '2027-01-12').expired).toBe(true);
  });

  it("a payment of exactly the day's amount is Pago; anything else is a different amount", () => {
    const due = cobvDue(terms(), 10_000, '2026-12-20');
    expect(due.final).toBe(10_233);
    expect(judgeCobvPayment(10_233, due)).toEqual({ state: 'PAID', extraCents: 233 });
    expect(judgeCobvPayment(10_000, due).state).toBe('PAID_DIFFERENT_AMOUNT');
    expect(judgeCobvPayment(10_300, due).state).toBe('PAID_DIFFERENT_AMOUNT');
  });

  it("the request body carries the spec's fields, and reads back to the same terms", () => {
    const t = terms({ discountCents: 150 });
    const body = cobvRequestBody(
      t,
      10_000,
      { name: 'Maria', document: { kind: 'CPF', value: '52998224725' } },
      'chave',
    );
    expect(body).toEqual({
      calendario: { dataDeVencimento: '2026-12-10', validadeAposVencimento: 30 },
      devedor: { cpf: '52998224725', nome: 'Maria' },
      valor: {
        original: '100.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-12-10', valorPerc: '1.50' }] },
      },
      chave: 'chave',
    });
    expect(readCobvTerms(body)).toEqual(t);
    expect(readCobvTerms({ ...body, valor: { ...body.valor, juros: { modalidade: 2 } } })).toBe(
      null,
    );
  });

  it("the shop's day is Brasília's: 01:00 UTC is still the day before", () => {
    expect(shopDate(Date.parse('2026-12-11T01:00:00Z'))).toBe('2026-12-10');
    expect(shopDate(Date.parse('2026-12-11T03:00:00Z'))).toBe('2026-12-11');
  });
});

describe('a cobv in the charge service', () => {
  const at = Date.parse('2026-11-28T15:00:00Z');
  it('a PSP of the family only charges at the counter: refused in words', () => {
    expect(cobvLife(terms(), { amountCents: 10_000, payer }, 'family', at)).toMatchObject({
      ok: false,
      code: 'VALIDITY_COUNTER_ONLY',
    });
  });
  it('an API Pix charge lives until the end of its last payable day, Brasília time', () => {
    const life = cobvLife(
      terms({ daysAfterDue: 2 }),
      { amountCents: 10_000, payer },
      'api-pix',
      at,
    );
    // Two days after Thursday 10 is Saturday 12: its last payable day is Monday 14.
    expect(life.ok && at + life.value).toBe(Date.parse('2026-12-15T02:59:59.999Z'));
  });
});
