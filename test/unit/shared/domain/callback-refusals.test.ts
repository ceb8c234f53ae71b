import { describe, expect, it } from 'vitest';
import {
  flushed,
  localDay,
  onRefusal,
  refusalOfOutcome,
  refusalReason,
  summarizeRefusals,
  THROTTLE_IDLE,
  type ThrottleState,
} from '../../../../shared/domain/callback-refusals';
import { itMaps } from '../../rule-table';

describe('refused callbacks: the summary the owner reads', () => {
  it('counts today across reasons and names the signature before a clock or an unknown id', () => {
    const s = summarizeRefusals({
      CALLBACK_UNKNOWN_ID: 4,
      CALLBACK_STALE: 2,
      CALLBACK_BAD_SIGNATURE: 3,
    });
    expect(s).toEqual({
      count: 9,
      reason: 'CALLBACK_BAD_SIGNATURE',
      byReason: { CALLBACK_UNKNOWN_ID: 4, CALLBACK_STALE: 2, CALLBACK_BAD_SIGNATURE: 3 },
    });
    expect(summarizeRefusals({ CALLBACK_STALE: 1, CALLBACK_UNKNOWN_ID: 5 }).reason).toBe(
      'CALLBACK_STALE',
    );
  });

  it('nothing refused: no reason; an unknown code is kept as "other", never dropped', () => {
    expect(summarizeRefusals({})).toEqual({ count: 0, reason: null, byReason: {} });
    expect(summarizeRefusals({ SOMETHING_NEW: 2 })).toMatchObject({
      count: 2,
      reason: 'CALLBACK_OTHER',
    });
    expect(refusalReason('CALLBACK_FUTURE')).toBe('CALLBACK_FUTURE');
  });

  it('an authentic callback naming no charge, or a status unknown, is a refusal; an applied one is not', () => {
    expect(refusalOfOutcome('unknown-charge')).toBe('CALLBACK_UNKNOWN_ID');
    expect(refusalOfOutcome('unknown-status')).toBe('CALLBACK_UNKNOWN_STATUS');
    expect(refusalOfOutcome('applied')).toBeNull();
    expect(refusalOfOutcome('duplicate')).toBeNull();
  });
});

describe('a flood makes one notice per window', () => {
  it('the first at once, the thousands after it gathered into one at the window’s end', () => {
    let s: ThrottleState = THROTTLE_IDLE;
    const emitted: Array<number | string> = [];
    for (let i = 0; i < 5_000; i++) {
      const step = onRefusal(s, 1_000 + i, 10_000);
      s = step.state;
      if (step.emit === 'now') emitted.push('now');
      if (step.emit === 'at') emitted.push(step.at);
    }
    expect(emitted).toEqual(['now', 11_000]);
    const f = flushed(s, 11_000);
    expect(f.emit).toBe(true);
    // After the window, the next refusal goes out at once again; an idle window says nothing.
    expect(flushed(f.state, 21_000).emit).toBe(false);
    expect(onRefusal(f.state, 21_000, 10_000).emit).toBe('now');
  });
});

// The rules behind the "Avisos recusados" line on Saúde, one by one.
describe('the day’s refused callbacks, counted', () => {
  it('a reason with no refusal today (0, negative, not a number) is neither counted nor named', () => {
    expect(
      summarizeRefusals({ CALLBACK_BAD_SIGNATURE: 0, CALLBACK_STALE: -2, CALLBACK_FUTURE: NaN }),
    ).toEqual({ count: 0, reason: null, byReason: {} });
    expect(summarizeRefusals({ CALLBACK_BAD_SIGNATURE: 0, CALLBACK_UNKNOWN_ID: 1 })).toEqual({
      count: 1,
      reason: 'CALLBACK_UNKNOWN_ID',
      byReason: { CALLBACK_UNKNOWN_ID: 1 },
    });
  });

  it('codes this build does not know add up together as “other”', () => {
    expect(summarizeRefusals({ NEW_A: 2, NEW_B: 3 })).toEqual({
      count: 5,
      reason: 'CALLBACK_OTHER',
      byReason: { CALLBACK_OTHER: 5 },
    });
  });

  itMaps('a known code is kept as itself, an unknown one as “other”', refusalReason, [
    ['CALLBACK_BAD_BODY', 'CALLBACK_BAD_BODY'],
    ['callback_bad_body', 'CALLBACK_OTHER'],
    ['', 'CALLBACK_OTHER'],
  ]);

  itMaps(
    'a payment notice for no record of ours, or with an amount that is not money, is refused',
    refusalOfOutcome,
    [
      ['unknown-record', 'CALLBACK_UNKNOWN_ID'],
      ['bad-amount', 'CALLBACK_AMOUNT_INVALID'],
      ['different-amount', null],
    ],
  );
});

describe('one notice per window', () => {
  const window = 10_000;

  it('a refusal exactly one window after the last notice goes out at once', () => {
    expect(onRefusal({ lastAt: 1_000, waiting: false }, 11_000, window)).toEqual({
      state: { lastAt: 11_000, waiting: false },
      emit: 'now',
    });
  });

  it('a refusal inside the window waits for the window’s end', () => {
    expect(onRefusal({ lastAt: 1_000, waiting: false }, 10_999, window)).toEqual({
      state: { lastAt: 1_000, waiting: true },
      emit: 'at',
      at: 11_000,
    });
  });

  it('more refusals inside the window ask for nothing more', () => {
    const s = { lastAt: 1_000, waiting: true };
    expect(onRefusal(s, 5_000, window)).toEqual({ state: s, emit: 'none' });
  });

  it('a refusal after a long quiet time goes out at once, even if one was waiting', () => {
    expect(onRefusal({ lastAt: 1_000, waiting: true }, 50_000, window)).toEqual({
      state: { lastAt: 50_000, waiting: false },
      emit: 'now',
    });
  });

  it('the gathered notice starts a new window: a refusal just after it waits again', () => {
    const f = flushed({ lastAt: 1_000, waiting: true }, 11_000);
    expect(f).toEqual({ state: { lastAt: 11_000, waiting: false }, emit: true });
    expect(onRefusal(f.state, 11_001, window)).toMatchObject({ emit: 'at', at: 21_000 });
  });

  it('a terminal that has refused nothing yet has nothing gathered to tell', () => {
    expect(flushed(THROTTLE_IDLE, 5_000)).toEqual({ state: THROTTLE_IDLE, emit: false });
  });

  it('a window’s end with nothing gathered says nothing and keeps the window', () => {
    const s = { lastAt: 1_000, waiting: false };
    expect(flushed(s, 11_000)).toEqual({ state: s, emit: false });
  });
});

describe('the terminal’s local day', () => {
  it('is YYYY-MM-DD with the month counted from 1 and two digits each', () => {
    expect(localDay(new Date(2026, 0, 5, 10, 30).getTime())).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 23, 59, 59).getTime())).toBe('2026-12-31');
    expect(localDay(new Date(2026, 9, 10, 0, 0).getTime())).toBe('2026-10-10');
  });
});
