import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../../electron/services/ipc-dispatch';
import { ok } from '../../../../shared/result';

describe('IPC dispatch: schema before handler, Result always', () => {
  let calls = 0;
  const handlers: Handlers = {
    'app:info': () => {
      calls++;
      return ok({ version: '1.0.0', mode: 'demo', host: 'browser' });
    },
  };

  it('runs the handler for a valid payload', async () => {
    expect(await dispatch(handlers, 'app:info', {})).toEqual({
      ok: true,
      value: { version: '1.0.0', mode: 'demo', host: 'browser' },
    });
  });

  it('refuses an invalid payload with a validation error and never calls the handler', async () => {
    const before = calls;
    const r = await dispatch(handlers, 'app:info', { extra: 1 });
    expect(r).toMatchObject({ ok: false, kind: 'validation', code: 'INVALID_PAYLOAD' });
    expect(await dispatch(handlers, 'app:info', 'not an object')).toMatchObject({ ok: false });
    expect(calls).toBe(before);
  });

  it('refuses unknown channels, including prototype names', async () => {
    for (const ch of ['nope:x', 'constructor', '__proto__']) {
      expect(await dispatch(handlers, ch, {})).toMatchObject({
        ok: false,
        code: 'UNKNOWN_CHANNEL',
      });
    }
  });

  it('turns a thrown exception into an internal error without its text', async () => {
    const r = await dispatch(
      {
        'app:info': () => {
          throw new Error('secret=abc123 stack');
        },
      },
      'app:info',
      {},
    );
    expect(r).toMatchObject({ ok: false, kind: 'internal' });
    expect(JSON.stringify(r)).not.toContain('abc123');
  });
});
