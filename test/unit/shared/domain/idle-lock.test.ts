import { describe, expect, it } from 'vitest';
import type { ChargeState } from '../../../../shared/domain/charge-state';
import { shouldIdleLock, type IdleLockState } from '../../../../shared/domain/idle-lock';

const MIN = 60_000;
/** Ana at the counter, 5-minute lock, no sale, last touched the screen at t=0. */
const idle = (more: Partial<IdleLockState> = {}): IdleLockState => ({
  minutes: 5,
  operators: true,
  atCounter: true,
  chargeStatus: null,
  busy: false,
  lastInputAt: 0,
  ...more,
});

describe('the idle lock decision (issue 36)', () => {
  it('locks once the idle time has passed with no sale, not a moment before', () => {
    expect(shouldIdleLock(idle(), 5 * MIN - 1)).toBe(false);
    expect(shouldIdleLock(idle(), 5 * MIN)).toBe(true);
  });

  it('counts from the last key or pointer input', () => {
    expect(shouldIdleLock(idle({ lastInputAt: 3 * MIN }), 7 * MIN)).toBe(false);
    expect(shouldIdleLock(idle({ lastInputAt: 3 * MIN }), 8 * MIN)).toBe(true);
  });

  it('is off by default (0 minutes), however long the counter sits', () => {
    expect(shouldIdleLock(idle({ minutes: 0 }), 1000 * MIN)).toBe(false);
  });

  it('does nothing in a shop without operators, or with nobody at the counter', () => {
    expect(shouldIdleLock(idle({ operators: false }), 60 * MIN)).toBe(false);
    expect(shouldIdleLock(idle({ atCounter: false }), 60 * MIN)).toBe(false);
  });

  it.each<ChargeState>(['PENDING', 'UNCERTAIN', 'SUBMITTING', 'DRAFT'])(
    'waits while the QR on screen may still be paid (%s)',
    (status) => {
      expect(shouldIdleLock(idle({ chargeStatus: status }), 60 * MIN)).toBe(false);
    },
  );

  it('waits while a sale is being made (a create in flight, a PDV sale awaiting its payer)', () => {
    expect(shouldIdleLock(idle({ busy: true }), 60 * MIN)).toBe(false);
  });

  it.each<ChargeState>(['PAID', 'PAID_DIFFERENT_AMOUNT', 'CANCELED', 'EXPIRED', 'FAILED'])(
    'locks once the sale ended (%s) and the idle time passed',
    (status) => {
      expect(shouldIdleLock(idle({ chargeStatus: status }), 60 * MIN)).toBe(true);
      expect(shouldIdleLock(idle({ chargeStatus: status }), 4 * MIN)).toBe(false);
    },
  );
});
