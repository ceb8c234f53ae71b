import { describe, expect, it } from 'vitest';
import {
  flushed,
  onRefusal,
  refusalOfOutcome,
  refusalReason,
  summarizeRefusals,
  THROTTLE_IDLE,
  type ThrottleState,
} from '../../../../shared/domain/callback-refusals';

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
