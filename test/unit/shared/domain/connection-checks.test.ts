import { describe, expect, it } from 'vitest';
import {
  callbackFailed,
  checksFor,
  usesLogin,
  verdict,
  type CheckedSettings,
  type CheckLine,
} from '../../../../shared/domain/connection-checks';

// `Testar conexão`: which lines the owner sees for a PSP's settings, and when it says "passou".
const allCics: CheckedSettings = {
  chargeOperation: 'transaction',
  withdrawAuth: 'cics',
  cryptoFeesAuth: 'cics',
  statusQueryPath: '',
  statusQuery: { auth: 'cics' },
  callbackPolicy: 'confirm-by-query',
  callback: { secret: 'client' },
  cryptoFees: false,
};

const pass = (id: CheckLine['id']): CheckLine => ({ id, state: 'pass' });

describe('the login line', () => {
  it('is tested when any route goes Bearer, and only then', () => {
    expect(usesLogin(allCics)).toBe(false);
    expect(usesLogin({ ...allCics, chargeOperation: 'deposit' })).toBe(true);
    expect(usesLogin({ ...allCics, withdrawAuth: 'bearer' })).toBe(true);
    expect(usesLogin({ ...allCics, cryptoFeesAuth: 'bearer' })).toBe(true);
    expect(
      usesLogin({ ...allCics, statusQueryPath: '/status', statusQuery: { auth: 'bearer' } }),
    ).toBe(true);
  });

  it('a Bearer status query with no path (spaces only) is no route', () => {
    expect(usesLogin({ ...allCics, statusQueryPath: '  ', statusQuery: { auth: 'bearer' } })).toBe(
      false,
    );
    expect(usesLogin({ ...allCics, statusQueryPath: '/status' })).toBe(false);
  });
});

describe('the lines of a test, in the order they run', () => {
  it('the fewest: the balance and the callback path', () => {
    expect(checksFor(allCics)).toEqual(['balance', 'callback']);
    expect(checksFor({ ...allCics, statusQueryPath: '   ' })).toEqual(['balance', 'callback']);
  });

  it('all of them: login, balance, status query, crypto fees, webhook secret, callback', () => {
    expect(
      checksFor({
        ...allCics,
        chargeOperation: 'deposit',
        statusQueryPath: '/status',
        callbackPolicy: 'hmac',
        callback: { secret: 'webhook' },
        cryptoFees: true,
      }),
    ).toEqual(['login', 'balance', 'statusQuery', 'cryptoFees', 'webhookSecret', 'callback']);
  });

  it('crypto fees are asked unless the PSP has no such route', () => {
    const { cryptoFees: _, ...unsaid } = allCics;
    expect(checksFor(unsaid)).toContain('cryptoFees');
  });

  it('the webhook secret only for signed callbacks with a secret of their own', () => {
    expect(checksFor({ ...allCics, callbackPolicy: 'hmac' })).not.toContain('webhookSecret');
    expect(checksFor({ ...allCics, callback: { secret: 'webhook' } })).not.toContain(
      'webhookSecret',
    );
  });
});

describe('the verdict', () => {
  it('passed when every line passed', () => {
    expect(verdict([pass('login'), pass('balance'), pass('callback')])).toBe(true);
  });

  it('a callback path that could not be tested (no relay) does not fail it', () => {
    expect(
      verdict([pass('balance'), { id: 'callback', state: 'skipped', problem: 'NO_RELAY' }]),
    ).toBe(true);
  });

  it('no relay and no status query (NO_CONFIRMATION): nothing confirms a payment, so it fails', () => {
    expect(
      verdict([pass('balance'), { id: 'callback', state: 'skipped', problem: 'NO_CONFIRMATION' }]),
    ).toBe(false);
  });

  it('a PSP line skipped or failed fails it; so does a failed callback path', () => {
    expect(
      verdict([{ id: 'balance', state: 'skipped', problem: 'NOT_RUN' }, pass('callback')]),
    ).toBe(false);
    expect(verdict([{ id: 'balance', state: 'fail' }, pass('callback')])).toBe(false);
    expect(verdict([pass('balance'), { id: 'callback', state: 'fail' }])).toBe(false);
  });
});

describe('the warning on Salvar e usar', () => {
  it('only when the callback path was tested and failed', () => {
    expect(callbackFailed(undefined)).toBe(false);
    expect(callbackFailed([{ id: 'callback', state: 'fail' }])).toBe(true);
    expect(callbackFailed([{ id: 'callback', state: 'skipped' }])).toBe(false);
    expect(callbackFailed([{ id: 'balance', state: 'fail' }, pass('callback')])).toBe(false);
  });
});
