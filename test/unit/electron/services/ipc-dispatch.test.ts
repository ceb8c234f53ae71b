import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../../electron/services/ipc-dispatch';
import { createLogger, Redactor } from '../../../../electron/services/log';
import { ok } from '../../../../shared/result';
import { sampleAppInfo } from '../../../helpers/app-info';

const lines: string[] = [];
const redactor = new Redactor();
const logger = createLogger((l) => lines.push(l), redactor);

const info = sampleAppInfo('browser');

function handlers(over: Partial<Handlers>): Handlers {
  // Only the channels a test calls are needed; dispatch never touches the others.
  return over as Handlers;
}

describe('IPC dispatch: schema before handler, Result always', () => {
  let calls = 0;
  const h = handlers({
    'app:info': () => {
      calls++;
      return ok(info);
    },
  });

  it('runs the handler for a valid payload', async () => {
    expect(await dispatch(h, 'app:info', {}, logger)).toEqual({ ok: true, value: info });
  });

  it('refuses an invalid payload with a validation error and never calls the handler', async () => {
    const before = calls;
    expect(await dispatch(h, 'app:info', { extra: 1 }, logger)).toMatchObject({
      ok: false,
      kind: 'validation',
      code: 'INVALID_PAYLOAD',
    });
    expect(await dispatch(h, 'app:info', 'not an object', logger)).toMatchObject({ ok: false });
    expect(await dispatch(h, 'charges:create', { amountCents: 1.5 }, logger)).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
      field: 'amountCents',
    });
    expect(calls).toBe(before);
  });

  it('refuses unknown channels, including prototype names', async () => {
    for (const ch of ['nope:x', 'constructor', '__proto__', 'toString']) {
      expect(await dispatch(h, ch, {}, logger)).toMatchObject({
        ok: false,
        code: 'UNKNOWN_CHANNEL',
      });
    }
  });

  it('turns a thrown exception into an internal error, logged with the id it carries', async () => {
    redactor.add('abc123');
    lines.length = 0;
    const r = await dispatch(
      handlers({
        'app:info': () => {
          throw new Error('secret=abc123 stack');
        },
      }),
      'app:info',
      {},
      logger,
    );
    expect(r).toMatchObject({ ok: false, kind: 'internal', code: 'INTERNAL' });
    expect(JSON.stringify(r)).not.toContain('secret=');
    const id = (r as { correlationId: string }).correlationId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'error', channel: 'app:info', correlationId: id });
    expect(lines[0]).toContain('secret=[redacted] stack');
  });
});
