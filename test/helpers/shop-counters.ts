// Two counters selling into the shop journal for the owner's view ("Loja", issue 36): real
// terminal ledgers with their outbox and publisher, the real relay's shop channel, the owner's
// real feed writing into the owner's ledger (journal-shop.ts gives the parts).
import type { Db } from '../../electron/services/ledger/database';
import type { OperatorRef, SaleFact } from '../../electron/services/journal/entry';
import { JournalOutbox } from '../../electron/services/journal/outbox';
import { JournalPublisher } from '../../electron/services/journal/publisher';
import { owner, shopKey, shopRelay, terminal } from './journal-shop';
import { waitFor } from './sandbox';

export const ANA: OperatorRef = { id: 'op-ana', name: 'Ana' };
export const BIA: OperatorRef = { id: 'op-bia', name: 'Bia' };

type Fact = Omit<SaleFact, 'at'>;

/**
 * caixa-1 (named "Caixa 1" by its heartbeat; Ana): 15,00 paid, 20,00 expired. caixa-2 ("Caixa 2";
 * Bia): 9,99 paid 9,00, 50,00 paid, 7,00 canceled.
 */
export const COUNTER_FACTS: Record<
  'caixa-1' | 'caixa-2',
  { operator: OperatorRef; facts: Fact[] }
> = {
  'caixa-1': {
    operator: ANA,
    facts: [
      { kind: 'counter-status', subject: 'status:caixa-1:1', counter: { name: 'Caixa 1' } },
      { kind: 'shift-opened', subject: 'shift-ana' },
      {
        kind: 'created',
        subject: 'c1',
        amountCents: 1500,
        payerName: 'Maria Souza',
        payerDocument: '123.456.789-09',
      },
      { kind: 'paid', subject: 'c1', amountCents: 1500 },
      { kind: 'created', subject: 'c2', amountCents: 2000 },
      { kind: 'expired', subject: 'c2' },
    ],
  },
  'caixa-2': {
    operator: BIA,
    facts: [
      { kind: 'counter-status', subject: 'status:caixa-2:1', counter: { name: 'Caixa 2' } },
      { kind: 'shift-opened', subject: 'shift-bia' },
      { kind: 'created', subject: 'c3', amountCents: 999 },
      { kind: 'paid-different-amount', subject: 'c3', amountCents: 900, expectedCents: 999 },
      { kind: 'created', subject: 'c4', amountCents: 5000 },
      { kind: 'paid', subject: 'c4', amountCents: 5000 },
      { kind: 'created', subject: 'c5', amountCents: 700 },
      { kind: 'canceled', subject: 'c5' },
    ],
  },
};
/** What the shop received of those: 15,00 + 9,00 + 50,00. */
export const SHOP_PAID_CENTS = 7400;

/**
 * The counters (both of COUNTER_FACTS unless told) publish their facts through a real relay; the
 * owner's feed keeps them in `ownerDb`. Resolves once every entry is applied there (counted from
 * what the ledger held before); `stop` ends relay, feed and publishers.
 */
export async function sellAtTwoCounters(
  ownerDb: Db,
  sales: Record<string, { operator: OperatorRef; facts: Fact[] }> = COUNTER_FACTS,
) {
  const entries = Object.values(sales).reduce((n, c) => n + c.facts.length, 0);
  const before = (
    ownerDb.prepare('SELECT COUNT(*) AS n FROM journal_entries WHERE applied = 1').get() as {
      n: number;
    }
  ).n;
  const { relay, channel } = await shopRelay();
  const key = shopKey();
  const counters = Object.entries(sales).map(([id, { operator, facts }]) => {
    const t = terminal(id, key, () => relay.url, channel);
    // Every fact of this counter is its operator's (the shift's): the entry carries her name.
    const outbox = new JournalOutbox(
      t.db,
      id,
      () => ({ shopKey: key, signingKey: t.signing }),
      Date.now,
      () => operator,
    );
    const publisher = new JournalPublisher({
      outbox,
      relayUrl: relay.url,
      channelId: channel.channelId,
      token: async () => channel.token,
      baseDelayMs: 20,
      maxDelayMs: 200,
    });
    const at = Date.now();
    facts.forEach((f, i) => outbox.record({ ...f, at: new Date(at + i).toISOString() }));
    return { t, publisher };
  });
  const o = owner(
    key,
    relay.url,
    channel,
    counters.map((c) => c.t),
    { db: ownerDb },
  );
  for (const c of counters) c.publisher.start();
  o.feed.start();
  const stop = async () => {
    o.feed.stop();
    for (const c of counters) {
      await c.publisher.stop();
      c.t.db.close();
    }
    await relay.close();
  };
  try {
    await waitFor(() => o.feed.applied().length === before + entries, 20_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { feed: o.feed, stop };
}
