import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthItem } from '../../../shared/domain/health';
import { coreOn, tempDir } from '../../helpers/core';
import { fakePrinter } from '../../helpers/fake-printer';
import { freePort, startRelayProcess } from '../../helpers/relay-process';
import { DEMO_ACCOUNT, eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';

// The Saúde panel of a terminal on the real sandbox, a real relay process and a loopback
// printer: each item turns red by its own fault and back to green when the fault is gone.
const ADMIN = 'admin-token-for-the-health-panel-0123456789';
let sb: TestSandbox;
let relay: { child: ChildProcess; url: string };
let relayPort: number;
let relayStore: string;
let channel: { channelId: string; token: string };
let printer: Awaited<ReturnType<typeof fakePrinter>>;
let t: Awaited<ReturnType<typeof coreOn>>;

const startRelay = async () =>
  (relay = await startRelayProcess({ adminToken: ADMIN, store: relayStore, port: relayPort }));
const stopRelay = async () => {
  const gone = new Promise((r) => relay.child.once('exit', r));
  relay.child.kill('SIGKILL');
  await gone;
};

beforeAll(async () => {
  sb = await sandbox({ dialect: 'axenpay' });
  relayPort = await freePort();
  relayStore = `sqlite:${path.join(tempDir(), 'relay.db')}`;
  await startRelay();
  channel = (await (
    await fetch(`${relay.url}/admin/channels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}` },
    })
  ).json()) as typeof channel;
  printer = await fakePrinter();
  t = await coreOn(sb.baseUrl, {
    pspPreset: 'axenpay',
    // The preset's own status query (GET /transactions/getStatusTransac/{id}), not the seed's.
    pspOverride: { baseUrl: sb.baseUrl, credentials: { ...DEMO_ACCOUNT } },
    relay: { url: relay.url, channelId: channel.channelId, token: channel.token },
    printer: { kind: 'escpos-network', address: `tcp://127.0.0.1:${printer.port}` },
    relaySilenceMs: 60_000,
  });
  await t.core.start();
}, 60_000);
afterAll(async () => {
  await t?.core.stop();
  await printer?.close().catch(() => undefined);
  if (relay?.child.exitCode === null) await stopRelay();
  await sb?.close();
});

const item = async (id: HealthItem['id'], probe = true) => {
  const v = probe ? await t.core.health.check() : t.core.health.refresh();
  return v.items.find((i) => i.id === id)!;
};

describe('Saúde: each item red by its fault, green again without it', () => {
  it('all green on a working terminal', async () => {
    await eventually(async () => (await item('relay', false)).level === 'ok', 15_000);
    const v = await t.core.health.check();
    const byId = Object.fromEntries(v.items.map((i) => [i.id, i.level]));
    expect(byId).toMatchObject({
      relay: 'ok',
      psp: 'ok',
      statusQuery: 'ok',
      keychain: 'ok',
      printer: 'ok',
      clock: 'ok',
      reconciliation: 'ok',
    });
  }, 30_000);

  it('the relay stopped: red; back: green', async () => {
    await stopRelay();
    await eventually(async () => (await item('relay', false)).level === 'bad', 15_000);
    expect(t.events.some((e) => e.event === 'health:changed')).toBe(true);
    await startRelay();
    await eventually(async () => (await item('relay', false)).level === 'ok', 30_000);
  }, 60_000);

  it('the token refused by the PSP: PSP and status query red; accepted again: green', async () => {
    for (const route of [
      'GET /users/balance',
      'GET /transactions/getStatusTransac/:id',
      'POST /auth/login',
    ])
      await sb.control('POST', '/faults', { route, kind: 'status', value: 401, count: 100 });
    try {
      expect(await item('psp')).toMatchObject({ level: 'bad', code: 'refused' });
      expect(await item('statusQuery')).toMatchObject({ level: 'bad', code: 'refused' });
    } finally {
      await sb.control('DELETE', '/faults');
    }
    expect(await item('psp')).toMatchObject({ level: 'ok' });
    expect(await item('statusQuery')).toMatchObject({ level: 'ok' });
  }, 30_000);

  it('a status query path the PSP does not serve: red "route missing", not a false green', async () => {
    const path = t.core.settings.get().psp.statusQueryPath;
    expect(t.core.settings.update({ psp: { statusQueryPath: '/no/such/route/{id}' } }).ok).toBe(
      true,
    );
    try {
      expect(await item('statusQuery')).toMatchObject({ level: 'bad', code: 'routeMissing' });
    } finally {
      t.core.settings.update({ psp: { statusQueryPath: path } });
    }
    expect(await item('statusQuery')).toMatchObject({ level: 'ok' });
  }, 30_000);

  it("our clock 10 minutes ahead of the PSP's Date: red (signed callbacks would be stale); fixed: green", async () => {
    t.clock.offsetMs = 10 * 60_000;
    const skewed = await item('clock');
    expect(skewed).toMatchObject({ level: 'bad', code: 'skewed' });
    expect(Number(skewed.params?.skewS)).toBeGreaterThanOrEqual(598);
    t.clock.offsetMs = 0;
    expect(await item('clock')).toMatchObject({ level: 'ok' });
  }, 30_000);

  it('the printer stopped: red; listening again on its port: green', async () => {
    const port = printer.port;
    await printer.close();
    expect(await item('printer')).toMatchObject({ level: 'bad', code: 'unreachable' });
    const net = await import('node:net');
    const again = net.createServer((s) => s.resume());
    await new Promise<void>((r) => again.listen(port, '127.0.0.1', r));
    try {
      expect(await item('printer')).toMatchObject({ level: 'ok' });
    } finally {
      await new Promise<void>((r) => again.close(() => r()));
    }
  }, 30_000);
});
