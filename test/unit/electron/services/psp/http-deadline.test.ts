import { describe, expect, it } from 'vitest';
import { Redactor, silentLogger } from '../../../../../electron/services/log';
import { PspHttp } from '../../../../../electron/services/psp/http';

// The request timeout holds even when the fetch ignores its signal: Node's fetch can lose the
// link to the signal it was given under GC pressure (nodejs/node#55428), and a create that then
// never ends left a sale in SUBMITTING for good (seen in doubt-no-query.test.ts, 1 run in 3).
const http = (fetch: typeof globalThis.fetch) =>
  new PspHttp({
    baseUrl: 'http://psp.invalid/api',
    fetch,
    now: Date.now,
    timeoutMs: 200,
    logger: silentLogger,
    redactor: new Redactor(),
  });
const deaf: typeof fetch = () => new Promise(() => {}); // never settles, ignores the signal

describe('a PSP call past its timeout', () => {
  it('a create (side effect) is an answer lost, in about the timeout, whatever the fetch does', async () => {
    const t0 = Date.now();
    const r = await http(deaf).send({ op: 'create', method: 'POST', path: '/x', sideEffect: true });
    expect(r).toMatchObject({ ok: false, kind: 'uncertain' });
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('a read is a timeout, and a body that never ends is cut too', async () => {
    expect(
      await http(deaf).send({ op: 'balance', method: 'GET', path: '/b', sideEffect: false }),
    ).toMatchObject({ ok: false, code: 'PSP_TIMEOUT' });
    const endless: typeof fetch = async () =>
      new Response(new ReadableStream({ start() {} }), { status: 200 });
    expect(
      await http(endless).send({ op: 'balance', method: 'GET', path: '/b', sideEffect: false }),
    ).toMatchObject({ ok: false, code: 'PSP_TIMEOUT' });
  });
});
