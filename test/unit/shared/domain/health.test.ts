import { describe, expect, it } from 'vitest';
import { healthOf, type HealthSignals } from '../../../../shared/domain/health';
import { allWell } from '../../../helpers/health-signals';

// The Saúde panel: each line the owner reads, and the colour of the whole.
const good = allWell(100_000, 11_600, { name: 'PADARIA', key: 'loja@x.com' });
const line = (s: Partial<HealthSignals>, id: string) =>
  healthOf({ ...good, ...s }).items.find((i) => i.id === id);

describe('the Saúde panel', () => {
  it('all well: every line ok, in the panel’s order, and the whole ok', () => {
    expect(healthOf(good)).toEqual({
      items: [
        { id: 'relay', level: 'ok', code: 'connected', params: { ageS: 12 } },
        { id: 'psp', level: 'ok', code: 'ok' },
        { id: 'statusQuery', level: 'ok', code: 'ok' },
        { id: 'keychain', level: 'ok', code: 'ok' },
        { id: 'printer', level: 'ok', code: 'ok' },
        { id: 'clock', level: 'ok', code: 'ok', params: { skewS: 0 } },
        { id: 'reconciliation', level: 'ok', code: 'none' },
        {
          id: 'receiver',
          level: 'ok',
          code: 'confirmed',
          params: { name: 'PADARIA', key: 'loja@x.com' },
        },
      ],
      level: 'ok',
    });
  });

  it('lines not used here (no relay while the status query confirms, the system printer) leave the whole ok', () => {
    const h = healthOf({
      ...good,
      relay: { configured: false, state: 'offline' },
      printer: { kind: 'system' },
    });
    expect(h.items.filter((i) => i.level === 'off').map((i) => [i.id, i.code])).toEqual([
      ['relay', 'none'],
      ['printer', 'system'],
    ]);
    expect(h.level).toBe('ok');
  });

  it('no relay and no status query: nothing confirms a payment, said as a problem (issue 34)', () => {
    const h = healthOf({
      ...good,
      relay: { configured: false, state: 'offline' },
      statusQuery: { configured: false, result: 'unknown' },
    });
    expect(h.items.find((i) => i.id === 'relay')).toEqual({
      id: 'relay',
      level: 'bad',
      code: 'noConfirmation',
    });
    expect(h.level).toBe('bad');
  });

  it('the worst line colours the whole: a warning, then a problem', () => {
    expect(healthOf({ ...good, waiting: 2 }).level).toBe('warn');
    expect(healthOf({ ...good, waiting: 2, keychain: false }).level).toBe('bad');
    expect(healthOf({ ...good, keychain: false, waiting: 2 }).level).toBe('bad');
  });
});

describe('the relay line', () => {
  it('connected with no event yet; an event in the future reads as 0 s ago', () => {
    expect(line({ relay: { configured: true, state: 'connected' } }, 'relay')).toEqual({
      id: 'relay',
      level: 'ok',
      code: 'connectedNoEvent',
    });
    expect(
      line({ relay: { configured: true, state: 'connected', lastEventAt: 105_000 } }, 'relay'),
    ).toMatchObject({ params: { ageS: 0 } });
  });

  it('reconnecting or polling is down', () => {
    for (const state of ['reconnecting', 'polling', 'offline'])
      expect(line({ relay: { configured: true, state } }, 'relay')).toEqual({
        id: 'relay',
        level: 'bad',
        code: 'down',
      });
  });
});

describe('the PSP line', () => {
  it('refused credentials come first, then unreachable, then slow', () => {
    const psp = (
      reachable: HealthSignals['psp']['reachable'],
      auth: HealthSignals['psp']['auth'],
    ) => line({ psp: { reachable, auth } }, 'psp');
    expect(psp('unreachable', 'refused')).toEqual({ id: 'psp', level: 'bad', code: 'refused' });
    expect(psp('unreachable', 'ok')).toEqual({ id: 'psp', level: 'bad', code: 'unreachable' });
    expect(psp('slow', 'ok')).toEqual({ id: 'psp', level: 'warn', code: 'slow' });
    expect(psp('reachable', 'unknown')).toEqual({ id: 'psp', level: 'warn', code: 'unknown' });
  });
});

describe('the status query line', () => {
  const sq = (result: 'ok' | 'failed' | 'unknown', code?: string) =>
    line({ statusQuery: { configured: true, result, ...(code && { code }) } }, 'statusQuery');

  it('a failure says whether the credentials or the route were refused, with the code', () => {
    expect(sq('failed', 'PSP_AUTH')).toEqual({
      id: 'statusQuery',
      level: 'bad',
      code: 'refused',
      params: { code: 'PSP_AUTH' },
    });
    expect(sq('failed', 'ROUTE_MISSING')).toMatchObject({ level: 'bad', code: 'routeMissing' });
    expect(sq('failed', 'PSP_UNAVAILABLE')).toMatchObject({ level: 'bad', code: 'failed' });
    expect(sq('failed')).toEqual({ id: 'statusQuery', level: 'bad', code: 'failed' });
  });

  it('not tried yet is a warning', () => {
    expect(sq('unknown')).toEqual({ id: 'statusQuery', level: 'warn', code: 'unknown' });
  });
});

describe('keychain and printer', () => {
  it('no keychain is a problem', () => {
    expect(line({ keychain: false }, 'keychain')).toEqual({
      id: 'keychain',
      level: 'bad',
      code: 'missing',
    });
  });

  it('a thermal printer not answering is a problem; not tried yet a warning', () => {
    expect(line({ printer: { kind: 'escpos', reachable: false } }, 'printer')).toEqual({
      id: 'printer',
      level: 'bad',
      code: 'unreachable',
    });
    expect(line({ printer: { kind: 'escpos' } }, 'printer')).toEqual({
      id: 'printer',
      level: 'warn',
      code: 'unknown',
    });
  });
});

describe('the clock line (callbacks’ window of 300 s)', () => {
  const clock = (clockSkewMs: number | undefined) => {
    const { clockSkewMs: _, ...rest } = good;
    return healthOf(clockSkewMs === undefined ? rest : { ...rest, clockSkewMs }).items.find(
      (i) => i.id === 'clock',
    );
  };

  it('not known yet is a warning', () => {
    expect(clock(undefined)).toEqual({ id: 'clock', level: 'warn', code: 'unknown' });
  });

  it('past the window (either way) every signed callback is refused: a problem', () => {
    expect(clock(300_001)).toEqual({
      id: 'clock',
      level: 'bad',
      code: 'skewed',
      params: { skewS: 300 },
    });
    expect(clock(-301_000)).toMatchObject({ level: 'bad', params: { skewS: -301 } });
    expect(clock(300_000)).toMatchObject({ level: 'warn', code: 'drifting' });
  });

  it('past half the window: drifting; up to half: ok', () => {
    expect(clock(150_001)).toMatchObject({
      level: 'warn',
      code: 'drifting',
      params: { skewS: 150 },
    });
    expect(clock(-150_001)).toMatchObject({ level: 'warn', code: 'drifting' });
    expect(clock(150_000)).toMatchObject({ level: 'ok', code: 'ok', params: { skewS: 150 } });
  });

  it('with a tiny window, two seconds of noise are still ok', () => {
    const tiny = (ms: number) =>
      healthOf({ ...good, toleranceSeconds: 3, clockSkewMs: ms }).items.find(
        (i) => i.id === 'clock',
      );
    expect(tiny(2_000)).toMatchObject({ level: 'ok' });
    expect(tiny(2_001)).toMatchObject({ level: 'warn', code: 'drifting' });
  });
});

describe('charges waiting for the PSP’s word', () => {
  it('says how many', () => {
    expect(line({ waiting: 3 }, 'reconciliation')).toEqual({
      id: 'reconciliation',
      level: 'warn',
      code: 'waiting',
      params: { count: 3 },
    });
  });
});

describe('the receiver line', () => {
  it('none pinned yet is a warning', () => {
    expect(line({ receiver: {} }, 'receiver')).toEqual({
      id: 'receiver',
      level: 'warn',
      code: 'none',
    });
  });

  it('pinned but not confirmed by the owner: a warning naming it (the host when no key)', () => {
    expect(
      line(
        { receiver: { pinned: { name: 'PADARIA', host: 'pix.psp.com', confirmed: false } } },
        'receiver',
      ),
    ).toEqual({
      id: 'receiver',
      level: 'warn',
      code: 'unconfirmed',
      params: { name: 'PADARIA', key: 'pix.psp.com' },
    });
    expect(
      line({ receiver: { pinned: { name: 'PADARIA', confirmed: true } } }, 'receiver'),
    ).toMatchObject({ params: { name: 'PADARIA', key: '' } });
  });

  it('a code to someone else was refused: a problem, naming the pinned receiver', () => {
    expect(
      line(
        {
          receiver: {
            pinned: { name: 'PADARIA', key: 'loja@x.com', confirmed: true },
            refused: true,
          },
        },
        'receiver',
      ),
    ).toEqual({
      id: 'receiver',
      level: 'bad',
      code: 'refused',
      params: { name: 'PADARIA', key: 'loja@x.com' },
    });
    expect(
      line(
        { receiver: { pinned: { name: 'P', host: 'h.com', confirmed: true }, refused: true } },
        'receiver',
      ),
    ).toMatchObject({ params: { key: 'h.com' } });
    expect(
      line({ receiver: { pinned: { name: 'P', confirmed: true }, refused: true } }, 'receiver'),
    ).toMatchObject({ params: { key: '' } });
    expect(line({ receiver: { refused: true } }, 'receiver')).toEqual({
      id: 'receiver',
      level: 'bad',
      code: 'refused',
    });
  });
});

describe('the keychain line', () => {
  const get = (s: HealthSignals) => healthOf(s).items.find((i) => i.id === 'keychain');
  it('missing on a live terminal: red', () => {
    expect(get({ ...good, keychain: false })).toMatchObject({ level: 'bad', code: 'missing' });
    expect(get({ ...good, keychain: false, keychainNeeded: true })).toMatchObject({
      level: 'bad',
    });
  });
  it('missing in DEMO (no secret read): not red, worded as not needed', () => {
    const s = { ...good, keychain: false, keychainNeeded: false };
    expect(get(s)).toMatchObject({ level: 'off', code: 'notNeeded' });
    expect(healthOf(s).level).toBe('ok');
  });
});
