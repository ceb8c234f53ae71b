import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../../relay/server';
import { SqliteStore } from '../../../relay/sqlite-store';
import { tempDir } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';
import { newRelayChannel } from '../../helpers/relay-channel';
import { relayTerminal, signedCallback } from '../../helpers/terminal';

// A terminal offline longer than the relay keeps events (retention): when it comes back, the
// event it resumes from is gone, so callbacks may have been lost in between. The relay says so
// (`event: gap`) and the terminal reconciles (app-core: every open charge is asked about).
const ADMIN = 'gap-admin-token-0123456789abcdef';
let store: SqliteStore;
let relay: Awaited<ReturnType<typeof startRelay>>;
beforeAll(async () => {
  store = new SqliteStore(path.join(tempDir(), 'relay.sqlite'));
  relay = await startRelay({ store, adminToken: ADMIN });
});
afterAll(() => relay?.close());

const post = async (channelId: string) => {
  const { headers, body } = signedCallback({ transactionId: 'x', status: 'PAID' });
  return fetch(`${relay.url}/hooks/${channelId}`, { method: 'POST', headers, body });
};

describe('a terminal back after the relay purged its resume point', () => {
  it('is told of the gap once, reconciles, and still gets what the relay holds', async () => {
    const c = await newRelayChannel(relay.url, ADMIN);
    const ledgerFile = path.join(tempDir(), 'ledger.sqlite');
    let gaps = 0;
    const first = relayTerminal({ relayUrl: relay.url, ...c, ledgerFile, onGap: () => gaps++ });
    expect((await post(c.channelId)).status).toBe(200);
    await waitFor(() => first.count() === 1);
    first.subscriber.stop();
    first.ledger.close();
    // Offline past the retention window: the event it last read is purged.
    expect(await store.purgeBefore(Date.now() + 1)).toBe(1);
    expect((await post(c.channelId)).status).toBe(200);
    const back = relayTerminal({ relayUrl: relay.url, ...c, ledgerFile, onGap: () => gaps++ });
    await waitFor(() => back.count() === 2);
    expect(gaps).toBe(1);
    back.subscriber.stop();
    back.ledger.close();
  });
});
