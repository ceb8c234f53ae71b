import { describe, expect, it } from 'vitest';
import {
  bankHolidays,
  businessDayFrom,
  easter,
  isBusinessDay,
} from '../../../../shared/domain/business-days';
import { cobvDue, cobvLife, lastPayableDay, type CobvTerms } from '../../../../shared/domain/cobv';
import { dueLines } from '../../../../shared/domain/send-charge';

// A cobv due on a weekend or a bank holiday moves to the next business day, and everything that
// counts from it moves too (bacen/pix-api openapi.yaml, CobDataDeVencimento, examples A–E).
describe('bank business days', () => {
  it('knows Easter, and the holidays that move with it', () => {
    expect(['2024', '2025', '2026', '2027'].map((y) => easter(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
    ]);
    const h = bankHolidays(2026);
    // Carnival Monday and Tuesday, Good Friday, Corpus Christi.
    for (const d of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'])
      expect(h.has(d)).toBe(true);
    expect(h.has('2026-02-18')).toBe(false); // Ash Wednesday: banks open at noon
  });
  it('a weekend or a national holiday is not a business day; the next one is found', () => {
    expect(isBusinessDay('2026-12-11')).toBe(true); // a Friday
    expect(isBusinessDay('2026-12-12')).toBe(false); // Saturday
    expect(businessDayFrom('2026-12-12')).toBe('2026-12-14');
    expect(businessDayFrom('2026-11-20')).toBe('2026-11-23'); // Consciência Negra, a Friday
    expect(businessDayFrom('2026-12-25')).toBe('2026-12-28'); // Christmas, a Friday
    expect(businessDayFrom('2026-12-10')).toBe('2026-12-10');
  });
});

const saturday = (o: Partial<CobvTerms> = {}): CobvTerms => ({
  dueDate: '2026-12-12',
  daysAfterDue: 0,
  finePct: 200,
  interestPctMonth: 100,
  discountCents: 500,
  ...o,
});

describe('a cobv due on a Saturday moves to Monday (the spec: CobDataDeVencimento)', () => {
  it('on Monday it still asks the amount with its discount: no fine, no interest, not expired', () => {
    expect(cobvDue(saturday(), 10_000, '2026-12-14')).toMatchObject({
      desconto: 500,
      multa: 0,
      juros: 0,
      final: 9_500,
      expired: false,
    });
    expect(cobvDue(saturday(), 10_000, '2026-12-15').expired).toBe(true);
    expect(lastPayableDay(saturday())).toBe('2026-12-14');
  });
  it('the fine and the interest count from Monday', () => {
    const due = cobvDue(saturday({ daysAfterDue: 5 }), 10_000, '2026-12-15');
    expect(due).toMatchObject({ multa: 200, juros: 3, final: 10_203, expired: false });
  });
  it("the spec's examples: the last payable day moves too", () => {
    const last = (dueDate: string, daysAfterDue: number) =>
      lastPayableDay(saturday({ dueDate, daysAfterDue }));
    expect(last('2020-10-20', 4)).toBe('2020-10-26'); // A: Saturday 24 → Monday 26
    expect(last('2020-12-25', 0)).toBe('2020-12-28'); // B: Christmas → Monday
    expect(last('2020-12-25', 1)).toBe('2020-12-29'); // C
    expect(last('2020-12-25', 3)).toBe('2020-12-31'); // D
    expect(last('2020-12-25', 4)).toBe('2021-01-04'); // E: New Year's Day, a Friday → Monday
  });
  it("lives in Balcão to Monday's end, and the payer is told Monday", () => {
    const at = Date.parse('2026-11-28T15:00:00Z');
    const payer = { name: 'Maria Souza', document: '529.982.247-25' };
    const life = cobvLife(saturday(), { amountCents: 10_000, payer }, 'api-pix', at);
    expect(life.ok && at + life.value).toBe(Date.parse('2026-12-15T02:59:59.999Z'));
    expect(dueLines(saturday())).toContain('Pode ser paga até 14/12/2026');
  });
});
