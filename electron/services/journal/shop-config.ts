// Where this Balcão's shop-journal membership is kept (issue 36, Deliver 3): the public part in
// the ledger's kv (`journal.config`), the secrets in the keychain (the shop key's epochs, this
// Balcão's Ed25519 private key, the shop channel's token), never in SQLite.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { KvRepo } from '../ledger/kv-repo';
import type { SecretStore } from '../secrets/secret-store';
import { err, ok, type Result } from '../../../shared/result';

export interface ShopConfig {
  readonly shop: string;
  readonly relayUrl: string;
  readonly channelId: string;
  /** The owner's Balcão makes pairing codes and reads the shop's entries; a terminal writes. */
  readonly role: 'owner' | 'terminal';
  /** The epoch new entries are sealed under. */
  readonly epoch: number;
}

export interface ShopSecrets {
  /** Every epoch held (old ones to read the backlog), key bytes. */
  readonly keys: ReadonlyMap<number, Buffer>;
  readonly signingKey: KeyObject;
  readonly token: string;
  /** A counter's X25519 private key (rekey.ts); absent on the owner's and on older counters. */
  readonly boxKey?: KeyObject;
}

const CONFIG = 'journal.config';

export const readConfig = (kv: KvRepo): ShopConfig | undefined => kv.get<ShopConfig>(CONFIG);
export const saveConfig = (kv: KvRepo, config: ShopConfig): void => kv.set(CONFIG, config);

export async function readSecrets(secrets: SecretStore): Promise<ShopSecrets | null> {
  const [keys, signing, token, boxKey] = await Promise.all([
    secrets.get('journal.shopKeys'),
    secrets.get('journal.signingKey'),
    secrets.get('journal.shopToken'),
    secrets.get('journal.boxKey'),
  ]);
  if (!keys || !signing || !token) return null;
  const map = new Map<number, Buffer>();
  for (const [epoch, b64] of Object.entries(JSON.parse(keys) as Record<string, string>))
    map.set(Number(epoch), Buffer.from(b64, 'base64'));
  return {
    keys: map,
    signingKey: createPrivateKey(signing),
    token,
    ...(boxKey && { boxKey: createPrivateKey(boxKey) }),
  };
}

/** Secrets first: a config without its secrets is read as "not paired", never half paired. */
export async function saveMembership(
  kv: KvRepo,
  secrets: SecretStore,
  config: ShopConfig,
  s: {
    keys: ReadonlyMap<number, Buffer>;
    signingKeyPem: string;
    token: string;
    boxKeyPem?: string;
  },
): Promise<Result<null>> {
  const keys = Object.fromEntries([...s.keys].map(([e, k]) => [String(e), k.toString('base64')]));
  try {
    await secrets.set('journal.shopKeys', JSON.stringify(keys));
    await secrets.set('journal.signingKey', s.signingKeyPem);
    await secrets.set('journal.shopToken', s.token);
    if (s.boxKeyPem) await secrets.set('journal.boxKey', s.boxKeyPem);
  } catch {
    return err('unavailable', 'KEYCHAIN_MISSING');
  }
  saveConfig(kv, config);
  return ok(null);
}

/**
 * The shop's address a new terminal is given with the code: relay, shop channel and its token.
 * The token only lets a holder append to the channel (the relay's gate against strangers); it
 * reads nothing (entries are sealed) and writes nothing a reader accepts (unsigned by a member).
 */
export function shopAddress(c: { relayUrl: string; channelId: string; token: string }): string {
  return `balcao-loja:${Buffer.from(JSON.stringify([c.relayUrl, c.channelId, c.token])).toString('base64url')}`;
}

export function parseShopAddress(
  text: string,
): { relayUrl: string; channelId: string; token: string } | undefined {
  const m = /^balcao-loja:([A-Za-z0-9_-]+)$/.exec(text.trim());
  if (!m) return undefined;
  try {
    const [relayUrl, channelId, token] = JSON.parse(
      Buffer.from(m[1] as string, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof relayUrl !== 'string' || !/^https?:\/\//.test(relayUrl)) return undefined;
    if (typeof channelId !== 'string' || typeof token !== 'string') return undefined;
    return { relayUrl, channelId, token };
  } catch {
    return undefined;
  }
}
