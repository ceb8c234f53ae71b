// DEMO mode's embedded PSP and relay: the sandbox and the callback relay in-process on
// loopback, their state kept in the data directory, and the relay's port and channel kept too,
// so a charge created before a restart can still be paid — and called back — after it.
// The composition roots (Electron main, development host) may embed them; services never do.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startRelay } from '../../relay/server';
import { SqliteStore } from '../../relay/sqlite-store';
import { startSandbox } from '../../sandbox/server';
import { DEMO_ACCOUNT } from '../../sandbox/state';
import { err, ok } from '../../shared/result';
import type { DemoPsp } from '../services/app-core';

/** What is kept across restarts: where the relay listened and our channel. Nothing secret. */
interface DemoRelayState {
  port: number;
  channelId: string;
}

function readState(file: string): DemoRelayState | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoRelayState>;
    return typeof v.port === 'number' && typeof v.channelId === 'string'
      ? { port: v.port, channelId: v.channelId }
      : null;
  } catch {
    return null;
  }
}

/**
 * The embedded relay (DEMO mode, and the development host's `--psp` without `--relay`).
 *
 * Its admin token is new at every start and lives only in this process: the relay runs inside
 * it, so no one else ever needs the token, and the channel (in the relay's SQLite) survives
 * without it. The subscriber token is rotated at every start for the same reason. So the data
 * directory holds no secret of the relay (an older demo-relay.json that did is rewritten
 * without it) and DEMO needs no keychain.
 */
export async function startDemoRelay(dataDir: string) {
  const file = path.join(dataDir, 'demo-relay.json');
  const saved = existsSync(file) ? readState(file) : null;
  const adminToken = randomBytes(24).toString('base64url');
  const store = new SqliteStore(path.join(dataDir, 'demo-relay.sqlite'));
  const open = (port: number) => startRelay({ store, adminToken, port });
  const relay = await open(saved?.port ?? 0).catch(() => open(0));
  // One retry: a keep-alive socket to this port from before a restart may be stale.
  const admin = (p: string) => {
    const call = () =>
      fetch(`${relay.url}${p}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}` },
      });
    return call().catch(call);
  };
  let channelId = saved?.channelId;
  let token: string;
  const rotated = channelId ? await admin(`/admin/channels/${channelId}/rotate`) : null;
  if (rotated?.ok) token = ((await rotated.json()) as { token: string }).token;
  else {
    const created = (await (await admin('/admin/channels')).json()) as {
      channelId: string;
      token: string;
    };
    channelId = created.channelId;
    token = created.token;
  }
  writeFileSync(
    file,
    JSON.stringify({ port: relay.port, channelId: channelId! } satisfies DemoRelayState),
  );
  return { relay, channelId: channelId!, token };
}

/** How long a DEMO withdrawal stays `Em processamento` before it completes. */
export const DEMO_WITHDRAWAL_MS = 3_000;

export async function startEmbeddedDemo(dataDir: string): Promise<DemoPsp> {
  const sandbox = await startSandbox({
    statePath: path.join(dataDir, 'demo-psp.json'),
    // A DEMO withdrawal (or refund, which is one) completes by itself, as a PSP's would.
    settleWithdrawalsAfterMs: DEMO_WITHDRAWAL_MS,
  });
  const r = await startDemoRelay(dataDir);
  return {
    baseUrl: sandbox.baseUrl,
    credentials: { ...DEMO_ACCOUNT },
    relay: { url: r.relay.url, channelId: r.channelId, token: r.token },
    async pay(transactionId) {
      const res = await fetch(
        `${sandbox.origin}/__sandbox/charges/${encodeURIComponent(transactionId)}/pay`,
        { method: 'POST' },
      );
      return res.ok ? ok(true as const) : err('conflict', 'DEMO_PAY_FAILED');
    },
    async close() {
      await sandbox.close();
      await r.relay.close();
    },
  };
}
