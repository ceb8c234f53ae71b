import { afterAll, beforeAll, expect, it } from 'vitest';
import { EtcdStore } from '../../../relay/etcd-store';
import { startEtcdCluster } from '../../helpers/etcd';
import { owner, sale, shopKey, shopRelay, terminal } from '../../helpers/journal-shop';
import { waitFor } from '../../helpers/sandbox';

// The same shop channel on the replicated store (etcd, three members): no code of ours replicates.
let etcd: Awaited<ReturnType<typeof startEtcdCluster>>;
beforeAll(async () => {
  etcd = await startEtcdCluster();
}, 120_000);
afterAll(() => etcd?.stop());

it('delivers two terminals facts in order through a relay on etcd', async () => {
  const { relay, channel } = await shopRelay(() => new EtcdStore(etcd.servers));
  const key = shopKey();
  const t1 = terminal('t1', key, () => relay.url, channel);
  const t2 = terminal('t2', key, () => relay.url, channel);
  const o = owner(key, relay.url, channel, [t1, t2]);
  try {
    t1.publisher.start();
    t2.publisher.start();
    o.feed.start();
    for (let n = 1; n <= 10; n++) {
      const t = n % 2 ? t1 : t2;
      t.outbox.record(sale(n));
      t.publisher.kick();
    }
    await waitFor(() => o.feed.applied().length === 10, 30_000);
    for (const id of ['t1', 't2'])
      expect(
        o.feed
          .applied()
          .filter((e) => e.terminal === id)
          .map((e) => e.seq),
      ).toEqual([1, 2, 3, 4, 5]);
  } finally {
    o.feed.stop();
    await t1.publisher.stop();
    await t2.publisher.stop();
    await relay.close();
    for (const db of [t1.db, t2.db, o.db]) db.close();
  }
}, 60_000);
