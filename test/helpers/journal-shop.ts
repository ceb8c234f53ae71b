// A shop on a real relay for the journal's transport tests: the shop channel, terminals with
// their own ledger, outbox and publisher, and the owner's ledger with its feed.
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { openDatabase, type Db } from '../../electron/services/ledger/database';
import { JournalFeed } from '../../electron/services/journal/feed';
import { JournalOutbox } from '../../electron/services/journal/outbox';
import { JournalPublisher } from '../../electron/services/journal/publisher';
import type { ShopKey } from '../../electron/services/journal/seal';
import { startRelay } from '../../relay/server';
import { SqliteStore } from '../../relay/sqlite-store';
import type { RelayStore } from '../../relay/store';
import { tempDir } from './core';
import { newRelayChannel } from './relay-channel';

export const ADMIN = 'journal-admin-token-0123456789abcdef';

export type Relay = Awaited<ReturnType<typeof startRelay>>;

export async function shopRelay(
  store: () => RelayStore = () => new SqliteStore(`${tempDir()}/relay.sqlite`),
) {
  const relay = await startRelay({ store: store(), adminToken: ADMIN });
  const channel = await newRelayChannel(relay.url, ADMIN);
  return { relay, channel };
}

export function shopKey(shop = 'loja-1', epoch = 1): ShopKey {
  return { shop, epoch, key: randomBytes(32) };
}

export interface Terminal {
  id: string;
  db: Db;
  file: string;
  signing: KeyObject;
  publicPem: string;
  outbox: JournalOutbox;
  publisher: JournalPublisher;
}

export function terminal(
  id: string,
  key: ShopKey,
  relayUrl: () => string,
  channel: { channelId: string; token: string },
  o: { file?: string; signing?: KeyObject; publicPem?: string } = {},
): Terminal {
  const file = o.file ?? path.join(tempDir(), 'ledger.sqlite');
  const db = openDatabase(file);
  const pair = o.signing ? null : generateKeyPairSync('ed25519');
  const signing = o.signing ?? pair!.privateKey;
  const publicPem =
    o.publicPem ?? (pair!.publicKey.export({ type: 'spki', format: 'pem' }) as string);
  const outbox = new JournalOutbox(db, id, () => ({ shopKey: key, signingKey: signing }));
  const publisher = new JournalPublisher({
    outbox,
    get relayUrl() {
      return relayUrl();
    },
    channelId: channel.channelId,
    token: async () => channel.token,
    baseDelayMs: 20,
    maxDelayMs: 200,
  });
  return { id, db, file, signing, publicPem, outbox, publisher };
}

export function owner(
  key: ShopKey,
  relayUrl: string,
  channel: { channelId: string; token: string },
  members: Array<{ id: string; publicPem: string }>,
  o: { db?: Db } = {},
) {
  const db = o.db ?? openDatabase(path.join(tempDir(), 'owner.sqlite'));
  const add = db.prepare(
    'INSERT OR IGNORE INTO journal_members (terminal, public_key, added_at) VALUES (?, ?, ?)',
  );
  for (const m of members) add.run(m.id, m.publicPem, Date.now());
  const feed = new JournalFeed({
    db,
    shop: key.shop,
    keys: new Map([[key.epoch, key.key]]),
    relayUrl,
    channelId: channel.channelId,
    token: async () => channel.token,
    baseDelayMs: 20,
    maxDelayMs: 200,
  });
  return { db, feed };
}

export const sale = (n: number, kind: 'created' | 'paid' = 'created') => ({
  kind,
  subject: `charge-${n}`,
  at: new Date(Date.UTC(2026, 10, 28, 12, 0, n)).toISOString(),
  amountCents: 1000 + n,
  payerName: 'Maria Souza',
  payerDocument: '123.456.789-09',
});
