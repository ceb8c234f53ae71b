import { describe, expect, it } from 'vitest';
import { dayRange } from '../../../../shared/domain/day-closing';
import { salesSeries } from '../../../../shared/domain/sales-series';
import {
  closeShopDay,
  counterLabels,
  counters,
  daySales,
  foldCharges,
  seriesRows,
  shopAgainstPsp,
  type ShopEntry,
} from '../../../../shared/domain/shop-day';

// The owner's view across counters (issue 36, Deliver 3): journal entries folded into charges,
// counters and the shop's closing, whose whole is the sum of its parts.
const DAY = '2026-11-28';
const at = (h: number, m = 0) => new Date(2026, 10, 28, h, m).toISOString();
const ana = { id: 'op-ana', name: 'Ana' };
const bia = { id: 'op-bia', name: 'Bia' };

let seqs: Record<string, number> = {};
const e = (
  terminal: string,
  kind: string,
  subject: string,
  time: string,
  more: Partial<ShopEntry> = {},
): ShopEntry => ({
  kind,
  subject,
  terminal,
  seq: (seqs[terminal] = (seqs[terminal] ?? 0) + 1),
  at: time,
  ...more,
});

function shop(): ShopEntry[] {
  seqs = {};
  return [
    e('caixa-1', 'shift-opened', 'shift-a', at(8), { operator: ana }),
    e('caixa-1', 'created', 'c1', at(9), { amountCents: 1500, operator: ana }),
    e('caixa-1', 'paid', 'c1', at(9, 1), { amountCents: 1500, payer: 'Maria S. ***.456.***-**' }),
    e('caixa-1', 'created', 'c2', at(10), { amountCents: 2000, operator: ana }),
    e('caixa-1', 'expired', 'c2', at(10, 30)),
    e('caixa-2', 'shift-opened', 'shift-b', at(8), { operator: bia }),
    e('caixa-2', 'created', 'c3', at(11), { amountCents: 999, operator: bia }),
    e('caixa-2', 'paid-different-amount', 'c3', at(11, 2), {
      amountCents: 900,
      expectedCents: 999,
    }),
    e('caixa-2', 'created', 'c4', at(12), { amountCents: 5000, operator: bia }),
    e('caixa-2', 'paid', 'c4', at(12, 1), { amountCents: 5000 }),
    e('caixa-2', 'refunded', 'c4', at(13), { amountCents: 5000 }),
    e('caixa-1', 'created', 'c6', at(13), { amountCents: 3000, operator: ana }),
    e('caixa-1', 'paid', 'c6', at(13, 1), { amountCents: 3000 }),
    e('caixa-1', 'refunded', 'c6', at(13, 30), { amountCents: 1000 }),
    e('caixa-2', 'created', 'c5', at(14), { amountCents: 700 }),
    e('caixa-2', 'canceled', 'c5', at(14, 1)),
    e('caixa-2', 'shift-closed', 'shift-b', at(15), { operator: bia }),
  ];
}

describe('foldCharges', () => {
  it('tells each charge as the journal says it ended', () => {
    const { charges, orphans } = foldCharges(shop());
    const of = (id: string) => charges.find((c) => c.id === id)!;
    expect(of('c1')).toMatchObject({ status: 'PAID', receivedCents: 1500, operatorName: 'Ana' });
    expect(of('c1').payer).toBe('Maria S. ***.456.***-**');
    expect(of('c2').status).toBe('EXPIRED');
    expect(of('c3')).toMatchObject({ status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 900 });
    expect(of('c4')).toMatchObject({ status: 'REFUNDED', refundedCents: 5000 });
    expect(of('c5')).toMatchObject({ status: 'CANCELED', operatorId: null });
    // Part of it given back: still a paid sale.
    expect(of('c6')).toMatchObject({ status: 'PAID', refundedCents: 1000 });
    expect(orphans).toBe(0);
  });

  it('orders by each terminal seq, not by arrival nor by clock', () => {
    // The paid entry arrives first and its terminal's clock is 10 minutes behind.
    seqs = {};
    const created = e('t', 'created', 'x', at(9, 10), { amountCents: 100 });
    const paid = e('t', 'paid', 'x', at(9, 0), { amountCents: 100 });
    const { charges } = foldCharges([paid, created]);
    expect(charges[0]!.status).toBe('PAID');
  });

  it('a payment after an expiry is money received, flagged late; a stray fact is not counted', () => {
    seqs = {};
    const { charges, orphans } = foldCharges([
      e('t', 'created', 'x', at(9), { amountCents: 100 }),
      e('t', 'expired', 'x', at(10)),
      e('t', 'paid', 'x', at(10, 5), { amountCents: 100 }),
      e('t', 'paid', 'unknown', at(11), { amountCents: 100 }),
    ]);
    expect(charges[0]).toMatchObject({ status: 'EXPIRED', flags: ['LATE_PAYMENT'] });
    expect(orphans).toBe(1);
    const closing = closeShopDay(dayRange(DAY), charges);
    expect(closing.shop.received).toMatchObject({ count: 1, amountCents: 100, lateCount: 1 });
  });
});

describe('counters', () => {
  it("says each counter's newest fact, open shift, and whether it spoke lately", () => {
    const now = new Date(2026, 10, 28, 13, 40).getTime();
    const list = counters(shop(), now);
    expect(list).toEqual([
      {
        terminal: 'caixa-1',
        name: 'caixa-1',
        lastKind: 'refunded',
        lastAt: Date.parse(at(13, 30)),
        shiftOperator: 'Ana',
        seenAt: Date.parse(at(13, 30)),
        recent: true,
        removed: false,
      },
      {
        terminal: 'caixa-2',
        name: 'caixa-2',
        lastKind: 'shift-closed',
        lastAt: Date.parse(at(15)),
        shiftOperator: null,
        seenAt: Date.parse(at(15)),
        // Its clock is ahead of the owner's: still a recent fact.
        recent: true,
        removed: false,
      },
    ]);
    // The owner's roster snapshot does not make the owner's PC a counter.
    expect(
      counters([...shop(), e('dono', 'roster-snapshot', 'roster:7', at(13, 35))], now),
    ).toEqual(list);
    // 90 minutes on, caixa-1's last fact is too old to call it recent.
    const later = counters(shop(), now + 90 * 60_000);
    expect(later.map((c) => c.recent)).toEqual([false, true]);
  });
  // Issue 36, "every counter's state": a heartbeat says a counter is on and what it is called.
  it('a heartbeat keeps a quiet counter "on", by when it reached the owner, and names it', () => {
    const now = new Date(2026, 10, 28, 13, 40).getTime();
    const beat = (terminal: string, name: string, time: string, receivedAt: number) =>
      e(terminal, 'counter-status', `status:${terminal}:${time}`, time, {
        counter: { name },
        receivedAt,
      });
    const entries = [
      ...shop(),
      // caixa-1 sold nothing since 13:30 but beat at 13:38 (its clock 10 min behind: 13:28).
      beat('caixa-1', 'Caixa da frente', at(13, 28), now - 2 * 60_000),
      beat('caixa-3', 'Caixa 1', at(13, 39), now - 60_000),
    ];
    const later = counters(entries, now + 10 * 60_000);
    const one = later.find((c) => c.terminal === 'caixa-1')!;
    // Its last sale fact stays in the column; "seen" is the owner's clock, so it is still on.
    expect([one.name, one.lastKind, one.recent]).toEqual(['Caixa da frente', 'refunded', true]);
    expect(one.seenAt).toBe(now - 2 * 60_000);
    const three = later.find((c) => c.terminal === 'caixa-3')!;
    expect([three.name, three.lastKind, three.recent]).toEqual(['Caixa 1', 'counter-status', true]);
    // Twenty minutes with no beat: no longer on.
    expect(counters(entries, now + 20 * 60_000).find((c) => c.terminal === 'caixa-1')!.recent).toBe(
      false,
    );
  });
  it('names: the newest the heartbeat said, this Balcão its own, ids told apart when names repeat', () => {
    const beat = (terminal: string, name: string, m: number) =>
      e(terminal, 'counter-status', `status:${terminal}:${m}`, at(9, m), { counter: { name } });
    const entries = [
      ...shop(),
      beat('aaaa1111-x', 'Caixa 1', 1),
      beat('aaaa1111-x', 'Balcão', 2),
      beat('bbbb2222-y', 'Caixa 1', 3),
      beat('cccc3333-z', 'Caixa 1', 4),
    ];
    const labels = counterLabels(entries, { terminal: 'caixa-1', name: 'Escritório' });
    // This Balcão's own name only when it wrote something itself.
    expect(counterLabels(entries, { terminal: 'dono', name: 'Balcão' }).get('aaaa1111-x')).toBe(
      'Balcão',
    );
    expect(Object.fromEntries(labels)).toEqual({
      'aaaa1111-x': 'Balcão',
      'bbbb2222-y': 'Caixa 1 (bbbb)',
      'cccc3333-z': 'Caixa 1 (cccc)',
      'caixa-1': 'Escritório',
      // Never said a name: the first 8 characters of its id.
      'caixa-2': 'caixa-2',
    });
  });
  it('a counter the owner removed is still listed (its sales count), marked removed', () => {
    const list = counters(shop(), Date.now(), new Set(['caixa-2']));
    expect(list.map((c) => [c.terminal, c.removed])).toEqual([
      ['caixa-1', false],
      ['caixa-2', true],
    ]);
  });
});

describe('closeShopDay', () => {
  it('the shop is the sum of its counters, each counter the sum of its operators', () => {
    const closing = closeShopDay(dayRange(DAY), foldCharges(shop()).charges);
    expect(closing.terminals.map((t) => t.terminal)).toEqual(['caixa-1', 'caixa-2']);
    const [one, two] = closing.terminals as [
      (typeof closing.terminals)[0],
      (typeof closing.terminals)[0],
    ];
    expect(one.live.received).toMatchObject({ count: 2, amountCents: 4500 });
    expect(one.live.refunded).toEqual({ count: 1, amountCents: 1000 });
    expect(one.live.expired).toEqual({ count: 1, amountCents: 2000 });
    // caixa-2: c3 (900 of 999) and c4 (5000, refunded the same day) received; c5 canceled.
    expect(two.live.received).toMatchObject({ count: 2, amountCents: 5900, differentCount: 1 });
    expect(two.live.refunded).toEqual({ count: 1, amountCents: 5000 });
    expect(two.live.canceled).toEqual({ count: 1, amountCents: 700 });
    expect(two.operators.map((o) => o.name)).toEqual(['Bia', null]);
    expect(closing.shop.received).toMatchObject({ count: 4, amountCents: 10400 });
    expect(closing.shop.total).toEqual({ count: 6, amountCents: 13199 });
    expect(closing.shop.received.netCents).toBe(10400 - 6000);
    // The whole equals the sum of every (counter, operator) part, line by line.
    const parts = closing.terminals.flatMap((t) => t.operators.map((o) => o.live));
    for (const line of ['total', 'expired', 'canceled', 'refunded'] as const) {
      expect(parts.reduce((n, p) => n + p[line].amountCents, 0)).toBe(
        closing.shop[line].amountCents,
      );
    }
    expect(parts.reduce((n, p) => n + p.received.amountCents, 0)).toBe(
      closing.shop.received.amountCents,
    );
  });

  it('another day has nothing of this one', () => {
    const closing = closeShopDay(dayRange('2026-11-27'), foldCharges(shop()).charges);
    expect(closing.terminals).toEqual([]);
    expect(closing.shop.total.count).toBe(0);
  });
});

describe('daySales and series', () => {
  it("lists the day's sales newest first, with counter and operator", () => {
    const sales = daySales(dayRange(DAY), foldCharges(shop()).charges);
    expect(sales.map((s) => [s.id, s.terminal, s.operatorName])).toEqual([
      ['c5', 'caixa-2', null],
      ['c6', 'caixa-1', 'Ana'],
      ['c4', 'caixa-2', 'Bia'],
      ['c3', 'caixa-2', 'Bia'],
      ['c2', 'caixa-1', 'Ana'],
      ['c1', 'caixa-1', 'Ana'],
    ]);
  });

  it('groups Semana e mês by counter', () => {
    const rows = seriesRows(foldCharges(shop()).charges);
    const buckets = salesSeries(rows, [DAY], 'terminal');
    expect(buckets).toEqual([
      { key: 'caixa-1', paid: 2, paidCents: 4500, expired: 1, canceled: 0, other: 0 },
      // c4 was refunded: no longer a paid sale in the series.
      { key: 'caixa-2', paid: 1, paidCents: 900, expired: 0, canceled: 1, other: 1 },
    ]);
  });
});

describe('shopAgainstPsp', () => {
  it("the PSP's whole list (the counters' charges and other PIX) against the shop's received", () => {
    const closing = closeShopDay(dayRange(DAY), foldCharges(shop()).charges);
    const same = shopAgainstPsp(closing.shop.received.amountCents, {
      psp: { count: 2, amountCents: 4500 },
      otherPix: { count: 2, amountCents: 5900 },
    });
    expect(same).toEqual({ shopCents: 10400, pspCents: 10400, pspCount: 4, differenceCents: 0 });
    // One payment the counters say arrived is not in the PSP's list.
    const short = shopAgainstPsp(10400, {
      psp: { count: 2, amountCents: 4500 },
      otherPix: { count: 1, amountCents: 5000 },
    });
    expect(short.differenceCents).toBe(-900);
  });
});
