import { describe, expect, it } from 'vitest';
import { salesSeries, spanDays, type SeriesCharge } from '../../../../shared/domain/sales-series';

const at = (day: string, hour: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, hour, 30).getTime();
};
const sale = (p: Partial<SeriesCharge> & { createdAt: number }): SeriesCharge => ({
  status: 'PAID',
  flags: [],
  amountCents: 1000,
  demo: false,
  ...p,
});

describe('Semana e mês: the sales of a span, in buckets', () => {
  const days = spanDays('2026-11-28', 'week');
  const charges = [
    sale({ createdAt: at('2026-11-28', 9), operator: 'Ana' }),
    sale({
      createdAt: at('2026-11-28', 9),
      operator: 'Bia',
      receivedCents: 900,
      status: 'PAID_DIFFERENT_AMOUNT',
    }),
    sale({ createdAt: at('2026-11-27', 18), operator: 'Ana', status: 'EXPIRED' }),
    sale({ createdAt: at('2026-11-22', 18), status: 'CANCELED', flags: ['LATE_PAYMENT'] }),
    sale({ createdAt: at('2026-11-26', 12), operator: 'Bia', status: 'CANCELED' }),
    sale({ createdAt: at('2026-11-26', 12), demo: true }),
    sale({ createdAt: at('2026-11-25', 23), status: 'PENDING' }),
  ];

  it('the span is its last 7 (or 30) local days, oldest first, across a month end', () => {
    expect(days).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(spanDays('2026-12-02', 'month')[0]).toBe('2026-11-03');
    expect(spanDays('2026-12-02', 'month')).toHaveLength(30);
  });

  it('by day: every day present, paid money is what arrived, a late payment counts as paid, DEMO left out', () => {
    const s = salesSeries(charges, days, 'day');
    expect(s.map((b) => b.key)).toEqual(days);
    const byKey = Object.fromEntries(s.map((b) => [b.key, b]));
    expect(byKey['2026-11-28']).toMatchObject({ paid: 2, paidCents: 1900 });
    expect(byKey['2026-11-27']).toMatchObject({ paid: 0, expired: 1 });
    expect(byKey['2026-11-26']).toMatchObject({ paid: 0, canceled: 1 }); // the DEMO sale is not here
    expect(byKey['2026-11-22']).toMatchObject({ paid: 1, canceled: 0 });
    expect(byKey['2026-11-25']).toMatchObject({ other: 1 });
    const total = s.reduce((n, b) => n + b.paid + b.expired + b.canceled + b.other, 0);
    expect(total).toBe(charges.length - 1);
  });

  it('by hour: 24 buckets, the sales in the hour they were rung', () => {
    const s = salesSeries(charges, days, 'hour');
    expect(s).toHaveLength(24);
    expect(s[9]).toMatchObject({ key: '09', paid: 2 });
    expect(s[18]).toMatchObject({ key: '18', paid: 1, expired: 1 });
  });

  it('by operator: the one who took most money first, nobody named last', () => {
    const s = salesSeries(charges, days, 'operator');
    expect(s.map((b) => [b.key, b.paidCents, b.expired, b.canceled])).toEqual([
      ['Ana', 1000, 1, 0],
      ['Bia', 900, 0, 1],
      ['', 1000, 0, 0],
    ]);
  });
});
