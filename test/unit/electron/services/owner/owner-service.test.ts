import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../../../electron/services/ledger/ledger';
import { OwnerService } from '../../../../../electron/services/owner/owner-service';

const fresh = () => {
  const clock = { now: 1_000_000 };
  const ledger = Ledger.open(':memory:');
  return { ledger, clock, owner: new OwnerService(ledger.kv, () => clock.now) };
};

describe('owner PIN', () => {
  it('is stored as a salted scrypt hash, never as the PIN', async () => {
    const { owner, ledger } = fresh();
    expect(owner.requireOwner()).toMatchObject({ ok: false, code: 'OWNER_PIN_NOT_SET' });
    await owner.setPin('482913');
    const stored = JSON.stringify(ledger.kv.get('owner.pin'));
    expect(stored).not.toContain('482913');
    expect(stored).toMatch(/"salt":"[0-9a-f]{32}","hash":"[0-9a-f]{64}","N":32768/);
    const other = fresh();
    await other.owner.setPin('482913');
    expect(JSON.stringify(other.ledger.kv.get('owner.pin'))).not.toBe(stored); // salted
  });

  it('unlocks for five minutes with the right PIN, refuses a wrong one', async () => {
    const { owner, clock } = fresh();
    await owner.setPin('1234');
    owner.lock();
    expect(owner.requireOwner()).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    expect(await owner.unlock('9999')).toMatchObject({ ok: false, code: 'PIN_WRONG' });
    expect((await owner.unlock('1234')).ok).toBe(true);
    expect(owner.requireOwner().ok).toBe(true);
    clock.now += 5 * 60_000;
    expect(owner.requireOwner()).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
  });

  it('locks out for a minute after five wrong PINs, even the right one', async () => {
    const { owner, clock } = fresh();
    await owner.setPin('1234');
    for (let i = 0; i < 5; i++) await owner.unlock('0000');
    expect(await owner.unlock('1234')).toMatchObject({
      ok: false,
      kind: 'rate_limited',
      code: 'PIN_LOCKED_OUT',
    });
    clock.now += 60_001;
    expect((await owner.unlock('1234')).ok).toBe(true);
  });

  it('changing the PIN needs the current one; the format is 4 to 8 digits', async () => {
    const { owner } = fresh();
    expect(await owner.setPin('12a4')).toMatchObject({ ok: false, code: 'PIN_FORMAT' });
    await owner.setPin('1234');
    expect(await owner.setPin('5678', '0000')).toMatchObject({ ok: false, code: 'PIN_WRONG' });
    expect((await owner.setPin('5678', '1234')).ok).toBe(true);
    owner.lock();
    expect((await owner.unlock('5678')).ok).toBe(true);
  });
});
