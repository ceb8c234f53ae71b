// Whole Balcões (createAppCore, embedded demo PSP, real SQLite) of one shop on a real relay, for
// the shop journal's wiring tests (issue 36, Deliver 3): an owner's Balcão that makes the shop,
// and terminals that pair into it with the owner's code.
import { startEmbeddedDemo } from '../../electron/main/demo';
import { createAppCore } from '../../electron/services/app-core';
import type { AppCore } from '../../electron/services/core/app-core-types';
import type { JournalEntry } from '../../electron/services/journal/entry';
import { MemorySecretStore, type SecretStore } from '../../electron/services/secrets/secret-store';
import { tempDir } from './core';

export const OWNER_PIN = '2468';

/** A Balcão in DEMO mode with short journal back-offs; `secrets` is its own keychain. */
export async function shopCore(
  o: {
    dataDir?: string;
    joinWaitMs?: number;
    clock?: { offsetMs: number };
    /** Another keychain (one that fails, as a Linux without a Secret Service). */
    secrets?: SecretStore;
    /** The same dataDir started again (a restart): its owner PIN is already set. */
    reopen?: boolean;
  } = {},
) {
  const clock = o.clock;
  const secrets = o.secrets ?? new MemorySecretStore();
  const core = await createAppCore({
    dataDir: o.dataDir ?? tempDir(),
    secrets,
    host: 'browser',
    version: 'test',
    startDemo: startEmbeddedDemo,
    pollMs: 3_600_000,
    ...(clock && { now: () => Date.now() + clock.offsetMs }),
    journal: { baseDelayMs: 20, maxDelayMs: 200, joinWaitMs: o.joinWaitMs ?? 5_000 },
  });
  await core.start();
  if (o.reopen) return { core, secrets };
  const pin = await core.owner.setPin(OWNER_PIN);
  if (!pin.ok) throw new Error(pin.code);
  return { core, secrets };
}

/** What the owner's feed applied from one terminal, in that terminal's order. */
export function appliedFrom(owner: AppCore, terminal: string): JournalEntry[] {
  const feed = owner.journal.ownerFeed();
  if (!feed) throw new Error('not the owner');
  return feed
    .applied()
    .filter((e) => e.terminal === terminal)
    .sort((a, b) => a.seq - b.seq);
}

/** A new Balcão paired into the owner's shop with a fresh code; `own` takes its stop. */
export async function pairedCounter(owner: AppCore, own: (stop: () => unknown) => void) {
  const made = owner.journal.pairingCode();
  if (!made.ok) throw new Error(made.code);
  const t = await shopCore();
  own(() => t.core.stop());
  const joined = await t.core.journal.join(made.value.address, made.value.code);
  if (!joined.ok) throw new Error(joined.code);
  return t;
}
