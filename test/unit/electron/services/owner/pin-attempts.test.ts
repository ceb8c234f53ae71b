import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../../../electron/services/ledger/ledger';
import {
  OwnerService,
  scryptPin,
  type PinHasher,
} from '../../../../../electron/services/owner/owner-service';
import { decideAttempt } from '../../../../../electron/services/owner/pin-attempts';

const MIN = 60_000;

describe('decideAttempt: at most 5 wrong PINs a minute, counting guesses in flight', () => {
  it('allows while failures plus guesses in flight stay under 5', () => {
    expect(decideAttempt([], 0, 0)).toEqual({ allow: true });
    expect(decideAttempt([1, 2, 3], 1, 10)).toEqual({ allow: true });
    expect(decideAttempt([1, 2, 3], 2, 10)).toMatchObject({ allow: false });
    expect(decideAttempt([], 5, 10)).toEqual({ allow: false, retryAfterMs: 1000 });
  });

  it('with 5 failures, the wait lasts until the oldest one leaves the window', () => {
    const f = [1000, 2000, 3000, 4000, 5000];
    expect(decideAttempt(f, 0, 6000)).toEqual({ allow: false, retryAfterMs: MIN - 5000 });
    expect(decideAttempt(f, 0, 1000 + MIN)).toEqual({ allow: true });
    // A sliding window: failures older than a minute no longer count.
    expect(decideAttempt([...f, 1000 + MIN], 0, 1001 + MIN)).toMatchObject({ allow: false });
    expect(decideAttempt([...f, 1000 + MIN], 0, 2000 + MIN)).toEqual({ allow: true });
  });
});

// Real scrypt (about 100 ms a hash, more on a busy machine): a generous timeout.
describe(
  'OwnerService: the slow hash runs only for a reserved attempt',
  { timeout: 60_000 },
  () => {
    const setup = async () => {
      const clock = { now: 1_000_000 };
      const ledger = Ledger.open(':memory:');
      let hashes = 0;
      const hash: PinHasher = (pin, stored) => (hashes++, scryptPin(pin, stored));
      const owner = new OwnerService(ledger.kv, () => clock.now, hash);
      await owner.setPin('2468');
      owner.lock();
      hashes = 0;
      return { owner, clock, ledger, hashes: () => hashes };
    };

    it('120 guesses at once: 5 hashes, 5 counted; none while locked; 5 more a minute later', async () => {
      const { owner, clock, hashes } = await setup();
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) => owner.unlock(String(5000 + i))),
      );
      expect(results.filter((r) => !r.ok && r.code === 'PIN_WRONG')).toHaveLength(5);
      expect(hashes()).toBe(5);
      // Locked: even the right PIN is refused without hashing.
      expect(await owner.unlock('2468')).toMatchObject({ ok: false, code: 'PIN_LOCKED_OUT' });
      expect(hashes()).toBe(5);
      clock.now += MIN + 1;
      const next = await Promise.all(Array.from({ length: 20 }, () => owner.unlock('1111')));
      expect(next.filter((r) => !r.ok && r.code === 'PIN_WRONG')).toHaveLength(5);
      expect(hashes()).toBe(10);
      clock.now += MIN + 1;
      expect(await owner.unlock('2468')).toMatchObject({ ok: true });
    });

    it('a hash that fails still counts as a wrong guess and releases its reservation', async () => {
      const clock = { now: 0 };
      const ledger = Ledger.open(':memory:');
      const good = new OwnerService(ledger.kv, () => clock.now);
      await good.setPin('2468');
      const broken = new OwnerService(
        ledger.kv,
        () => clock.now,
        () => Promise.reject(new Error('out of memory')),
      );
      for (let i = 0; i < 5; i++) await expect(broken.unlock('1')).rejects.toThrow('out of memory');
      expect(await good.unlock('2468')).toMatchObject({ ok: false, code: 'PIN_LOCKED_OUT' });
    });
  },
);
