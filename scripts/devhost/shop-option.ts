// `--shop-owner` / `--join-shop` (issue 36, Deliver 3): several development hosts as one shop.
// The owner's host makes the shop (once per data directory) on `--shop-relay` (with the relay's
// admin token) or on a relay of its own kept in the data directory, and prints the shop's address
// and pairing codes; a terminal's host joins with the address and one code.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppCore } from '../../electron/services/core/app-core-types';
import { startRelay } from '../../relay/server';
import { SqliteStore } from '../../relay/sqlite-store';

type Relay = Awaited<ReturnType<typeof startRelay>>;

/**
 * The owner's own shop relay (SQLite in `<dir>/shop-relay.sqlite`), on the port it had before so
 * the shop's address stays valid across restarts. Its admin token is new each start: it is only
 * used to make the shop channel, once.
 */
export async function ownShopRelay(dir: string): Promise<{ relay: Relay; adminToken: string }> {
  const file = path.join(dir, 'shop-relay.json');
  const saved = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { port?: number })
    : {};
  const adminToken = randomBytes(24).toString('base64url');
  const store = new SqliteStore(path.join(dir, 'shop-relay.sqlite'));
  const open = (port: number) => startRelay({ store, adminToken, port });
  const relay = await open(saved.port ?? 0).catch(() => open(0));
  writeFileSync(file, JSON.stringify({ port: relay.port }));
  return { relay, adminToken };
}

/** Makes the shop if this data directory has none; prints its address and `codes` fresh codes. */
export async function ownShop(
  core: AppCore,
  relay: { url: string; adminToken: string },
  codes: number,
  say: (line: string) => void,
): Promise<string | null> {
  if (!core.journal.status().configured) {
    const made = await core.journal.createShop({
      relayUrl: relay.url,
      adminToken: relay.adminToken,
    });
    if (!made.ok) return made.code;
  }
  for (let i = 0; i < codes; i++) {
    const c = core.journal.pairingCode();
    if (!c.ok) return c.code;
    if (i === 0) say(`shop address ${c.value.address}`);
    say(`pairing code ${c.value.code}`);
  }
  return null;
}

/** Joins the shop at `address` with `code`, unless this data directory already belongs to one. */
export async function joinShop(
  core: AppCore,
  address: string,
  code: string,
): Promise<string | null> {
  if (core.journal.status().configured) return null;
  const r = await core.journal.join(address, code);
  return r.ok ? null : r.code;
}
