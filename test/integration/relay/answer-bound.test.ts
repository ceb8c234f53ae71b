import { expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import type { RelayStore } from '../../../relay/store';

// A store call that never returns (seen once on etcd after a quorum came back: a callback
// unanswered for 5 minutes) gets the PSP a 503 in bounded time, so it sends the callback again.
const ADMIN = 'answer-bound-admin-token-0123456789';

it('a callback whose store never answers is answered 503 within the bound, not held', async () => {
  const real = new SqliteStore(':memory:');
  let hang = false;
  const store = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'append' && hang) return () => new Promise(() => undefined);
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as RelayStore;
  const relay = await startRelay({ store, adminToken: ADMIN, answerWithinMs: 500 });
  try {
    const { channelId } = (await (
      await fetch(`${relay.url}/admin/channels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}` },
      })
    ).json()) as { channelId: string };
    const post = () =>
      fetch(`${relay.url}/hooks/${channelId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"status":"PAID"}',
        signal: AbortSignal.timeout(10_000),
      });
    expect((await post()).status).toBe(200);
    hang = true;
    const t0 = Date.now();
    const r = await post();
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(Date.now() - t0).toBeLessThan(5_000);
  } finally {
    await relay.close();
  }
});
