import { describe, expect, it } from 'vitest';
import { readToken } from '../../../../../electron/services/psp/auth';
import { parseRetryAfter, pspMessage } from '../../../../../electron/services/psp/errors';
import {
  readBalance,
  readInfractions,
  readWithdrawal,
} from '../../../../../electron/services/psp/replies';

describe('A1 token', () => {
  it.each([
    [{ access_token: 'a1' }, 'a1'],
    [{ accessToken: 'a2' }, 'a2'],
    [{ token: 'a3' }, 'a3'],
    [{ data: { access_token: 'a4' } }, 'a4'],
    [{ data: { token: 'a5' } }, 'a5'],
    [{ access_token: '', token: 'a6' }, 'a6'],
    [{ nothing: 1 }, undefined],
  ])('%j → %s', (body, token) => expect(readToken(body)).toBe(token));
});

describe('A3 balance', () => {
  it('top level, known keys in order', () => {
    expect(readBalance({ pending: 1, available: 10.5, currency: 'BRL' })).toEqual({
      ok: true,
      value: [
        { key: 'available', cents: 1050 },
        { key: 'pending', cents: 100 },
      ],
    });
  });
  it('under data or balance; every number when no known key; negative allowed', () => {
    expect(readBalance({ data: { available: 2 } })).toMatchObject({
      ok: true,
      value: [{ key: 'available', cents: 200 }],
    });
    expect(readBalance({ balance: { saldo: -3.2, reservado: 1 } })).toMatchObject({
      ok: true,
      value: [
        { key: 'saldo', cents: -320 },
        { key: 'reservado', cents: 100 },
      ],
    });
  });
  it('names the field that cannot be money', () => {
    const r = readBalance({ available: 1.234 });
    expect(r).toMatchObject({ ok: false, code: 'PSP_UNEXPECTED_REPLY' });
    expect(!r.ok && r.params?.field).toBe('available');
  });
});

describe('A4 infractions', () => {
  it.each(['data', 'items', 'infractions', 'results'])(
    'list under %s, id from id, pages from fullness',
    (key) => {
      const r = readInfractions({ [key]: [{ id: 7, status: 'WAITING_PSP', amount: 5 }] }, 1, 1);
      expect(r).toMatchObject({
        ok: true,
        value: {
          items: [{ infractionId: '7', status: 'WAITING_PSP', fields: { amount: 5 } }],
          hasNext: true,
        },
      });
    },
  );
  it('a bare array, and totals from lastPage / meta.last_page', () => {
    expect(readInfractions([], 1, 10)).toMatchObject({ ok: true, value: { hasNext: false } });
    expect(readInfractions({ data: [], lastPage: 3 }, 2, 10)).toMatchObject({
      ok: true,
      value: { totalPages: 3, hasNext: true },
    });
    expect(readInfractions({ data: [], meta: { last_page: 2 } }, 2, 10)).toMatchObject({
      ok: true,
      value: { hasNext: false },
    });
  });
  it('names the item and field that is missing', () => {
    const r = readInfractions(
      { data: [{ infractionId: 'a', status: 'X' }, { infractionId: 'b' }] },
      1,
      10,
    );
    expect(!r.ok && r.params?.field).toBe('data.1.status');
  });
});

describe('A2 withdrawal reply and A9 messages', () => {
  it('id and status at the top or one level down', () => {
    expect(readWithdrawal({ message: 'ok', data: { id: 'w1', status: 'PROCESSING' } })).toEqual({
      ok: true,
      value: { id: 'w1', status: 'PROCESSING', message: 'ok' },
    });
    expect(readWithdrawal({ withdrawalId: 5, status: 'QUEUED' })).toEqual({
      ok: true,
      value: { id: '5', status: 'QUEUED' },
    });
  });
  it.each([
    [{ message: 'm1' }, 'm1'],
    [{ error: 'm2' }, 'm2'],
    [{ error: { message: 'm3' } }, 'm3'],
    [{ errors: [{ message: 'm4' }] }, 'm4'],
    [{ detail: 'm5' }, 'm5'],
    ['plain text', 'plain text'],
  ])('message from %j', (body, m) => expect(pspMessage(body)).toBe(m));
  it('Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
