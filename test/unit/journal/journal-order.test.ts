import { describe, expect, it } from 'vitest';
import { buildEntry, type JournalEntry } from '../../../electron/services/journal/entry';
import { emptyOrder, place, type OrderState } from '../../../electron/services/journal/order';

const e = (
  terminal: string,
  seq: number,
  at: string,
  subject = `${terminal}-${seq}`,
): JournalEntry => {
  const r = buildEntry({ kind: 'paid', subject, at, amountCents: 100 * seq }, terminal, seq);
  if (!r.ok) throw new Error('bad');
  return r.entry;
};

function run(entries: JournalEntry[]): string[] {
  let s: OrderState = emptyOrder();
  const out: string[] = [];
  for (const x of entries) {
    const r = place(s, x);
    s = r.state;
    out.push(...r.released.map((y) => `${y.terminal}#${y.seq}`));
  }
  return out;
}

describe('journal order', () => {
  it('applies a terminal with a clock 10 minutes off in its own seq order, nothing dropped', () => {
    // t2's clock runs 10 minutes behind: its later sales carry earlier times than t1's.
    const got = run([
      e('t2', 2, '2026-11-28T09:51:00Z'),
      e('t1', 1, '2026-11-28T10:00:00Z'),
      e('t2', 1, '2026-11-28T09:50:00Z'),
    ]);
    expect(got).toEqual(['t1#1', 't2#1', 't2#2']);
  });

  it('keeps nothing held once every re-delivered entry has been applied', () => {
    let s: OrderState = emptyOrder();
    for (const x of [e('t1', 1, 'a'), e('t1', 2, 'b'), e('t1', 1, 'a')]) s = place(s, x).state;
    expect(s.held.get('t1')?.size).toBe(0);
  });

  it('holds a gap until it fills and applies a re-delivered entry once', () => {
    const got = run([
      e('t1', 1, 'a'),
      e('t1', 3, 'c'),
      e('t1', 1, 'a'),
      e('t1', 2, 'b'),
      e('t1', 3, 'c'),
    ]);
    expect(got).toEqual(['t1#1', 't1#2', 't1#3']);
  });
});
