import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/main/adapters/keytar-store';
import { createAppCore, type AppCore } from '../../electron/services/app-core';
import {
  MemorySecretStore,
  SECRET_KEYS,
  type SecretStore,
} from '../../electron/services/secrets/secret-store';
import { tempDir } from '../helpers/core';

// D3: a rotated-out client secret is accepted until a deadline stored at the rotation, then
// never — not later, not after the clock goes back, not after a restart. The real keychain
// (a service name of this test's own) when `npm test`'s Secret Service runs; signed callbacks
// over real HTTP to the terminal's callback endpoint.
const HOUR = 3_600_000;
const store: SecretStore = process.env.DBUS_SESSION_BUS_ADDRESS
  ? new KeytarSecretStore(`balcao-test-${randomBytes(6).toString('hex')}`)
  : new MemorySecretStore();
const OLD = `old-${randomBytes(12).toString('hex')}`;
const NEW = `new-${randomBytes(12).toString('hex')}`;
const clock = { offsetMs: 0 };
const dataDir = tempDir();
const cores: AppCore[] = [];

afterAll(async () => {
  for (const c of cores) await c.stop().catch(() => undefined);
  for (const k of SECRET_KEYS) await store.delete(k);
});

async function open(): Promise<AppCore> {
  const core = await createAppCore({
    dataDir,
    secrets: store,
    host: 'browser',
    version: 'test',
    now: () => Date.now() + clock.offsetMs,
    tickMs: 3_600_000,
    pollMs: 3_600_000,
  });
  cores.push(core);
  return core;
}

/** A callback as the PSP sends it, signed with `secret`, stamped with the terminal's clock. */
async function callback(core: AppCore, secret: string): Promise<number> {
  const body = JSON.stringify({
    transactionId: `tx-${randomBytes(4).toString('hex')}`,
    status: 'PAID',
  });
  const ts = String(Math.floor((Date.now() + clock.offsetMs) / 1000));
  const signature = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
  // A new connection each time (no keep-alive): the endpoint restarts on the same port.
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      core.callbackUrl(),
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': ts,
          'x-signature': signature,
          'x-event-id': randomBytes(8).toString('hex'),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('client secret rotation (D3)', () => {
  it('accepts the old secret until the stored deadline, then never again', async () => {
    await store.set('psp.clientId', 'shop-1');
    await store.set('psp.clientSecret', OLD);
    let core = await open();
    expect(core.mode).toBe('live');
    expect(await callback(core, OLD)).toBe(200);

    expect(await core.credentials.set({ clientId: 'shop-1', clientSecret: NEW })).toMatchObject({
      ok: true,
    });
    // Within the day: callbacks signed before the rotation still land; the new secret too.
    clock.offsetMs = 23 * HOUR;
    expect(await callback(core, OLD)).toBe(200);
    expect(await callback(core, NEW)).toBe(200);
    // A deadline fixed at the rotation, not recomputed on every callback.
    clock.offsetMs = 24 * HOUR + 60_000;
    expect(await callback(core, OLD)).toBe(401);
    expect(await callback(core, NEW)).toBe(200);
    expect(await store.get('psp.previousClientSecret')).toBeNull();
    // The clock going back does not revive it.
    clock.offsetMs = HOUR;
    expect(await callback(core, OLD)).toBe(401);

    // Nor does a restart, 30 days later.
    await core.stop();
    clock.offsetMs = 30 * 24 * HOUR;
    core = await open();
    expect(await callback(core, OLD)).toBe(401);
    expect(await callback(core, NEW)).toBe(200);
    expect(core.ledger.events.rejections().CALLBACK_BAD_SIGNATURE).toBe(3);
  });

  it('the window is a setting, read at the rotation', async () => {
    clock.offsetMs = 31 * 24 * HOUR;
    const core = cores.at(-1)!;
    expect(core.settings.update({ psp: { callback: { previousSecretHours: 1 } } }).ok).toBe(true);
    const NEWER = `newer-${randomBytes(12).toString('hex')}`;
    await core.credentials.set({ clientId: 'shop-1', clientSecret: NEWER });
    clock.offsetMs += 30 * 60_000;
    expect(await callback(core, NEW)).toBe(200);
    clock.offsetMs += 31 * 60_000;
    expect(await callback(core, NEW)).toBe(401);
    expect(await callback(core, NEWER)).toBe(200);
    // Only the last rotated-out secret is kept: the one before it is long gone.
    expect(await callback(core, OLD)).toBe(401);
  });
});
