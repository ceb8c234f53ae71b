// An owner-only PC (`Este computador: Só proprietário`, issue 36) is no counter: paired into a
// shop, it records no heartbeat, so the owner's Loja does not list it among the Caixas; made a
// Caixa again, it says so at once (not at its next five-minute beat). Whole Balcões (real
// SQLite, a real relay, the embedded demo PSP).
import { afterEach, describe, expect, it } from 'vitest';
import { shopRelay } from '../../helpers/journal-shop';
import { OWNER_PIN, appliedFrom, shopCore } from '../../helpers/shop-cores';
import { waitFor } from '../../helpers/sandbox';
import { createHandlers } from '../../../electron/services/handlers';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

/** Every entry this Balcão ever put in its outbox, sent or not. */
const recorded = (core: Awaited<ReturnType<typeof shopCore>>['core']) =>
  (core.ledger.db.prepare('SELECT count(*) AS n FROM journal_outbox').get() as { n: number }).n;

describe('an owner-only PC in a shop', () => {
  it('records no heartbeat; made a Caixa again, it is named in the owner’s journal at once', async () => {
    const { relay, channel } = await shopRelay();
    stops.push(() => relay.close());
    const owner = await shopCore();
    stops.push(() => owner.core.stop());
    expect((await owner.core.journal.createShop({ relayUrl: relay.url, ...channel })).ok).toBe(
      true,
    );
    const made = owner.core.journal.pairingCode();
    if (!made.ok) throw new Error(made.code);

    const pc = await shopCore();
    stops.push(() => pc.core.stop());
    expect(pc.core.settings.update({ station: 'owner-only', terminalName: 'PC da dona' }).ok).toBe(
      true,
    );
    const joined = await pc.core.journal.join(made.value.address, made.value.code);
    expect(joined.ok).toBe(true);
    // Joined, a counter beats at once (pairing-wired.test.ts): this PC records nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(recorded(pc.core)).toBe(0);
    expect(appliedFrom(owner.core, pc.core.terminalId)).toEqual([]);

    // Configurações › Loja › Este computador: Caixa, through the owner's handler as the screen.
    const h = createHandlers(pc.core, 'browser');
    expect((await h['owner:unlock']({ pin: OWNER_PIN })).ok).toBe(true);
    expect((await h['settings:update']({ patch: { station: 'counter' } })).ok).toBe(true);
    const got = await waitFor(() => appliedFrom(owner.core, pc.core.terminalId)[0]);
    expect(got).toMatchObject({ kind: 'counter-status', counter: { name: 'PC da dona' } });
  });
});
