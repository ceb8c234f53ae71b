// Loja's reconciliation line (issue 36, Deliver 3): the shop's received money, as the journal
// told the owner's Balcão, against the API Pix PSP's own list of received PIX for the day
// (GET /pix on the sandbox that follows the BCB's API Pix), through the real IPC handlers.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { shopAgainstPsp } from '../../../shared/domain/shop-day';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';
import { apiPixTerminal } from '../../helpers/api-pix-terminal';
import { today } from '../../helpers/core';
import { SHOP_PAID_CENTS, sellAtTwoCounters } from '../../helpers/shop-counters';

const env = apiPixSandboxForFile();

describe("Loja against the PSP's received PIX", () => {
  it(
    'agrees when the PSP received what the counters say; marks the difference when not',
    onApiPixTerminal(env, async (t) => {
      await t.core.owner.setPin('2468');
      const handlers = createHandlers(t.core, 'browser');
      const call = async (channel: string, input: unknown) => {
        const r = (await dispatch(handlers, channel, input, t.core.logger)) as
          { ok: true; value: never } | { ok: false; code: string };
        if (!r.ok) throw new Error(`${channel}: ${r.code}`);
        return r.value as never;
      };
      const shop = await sellAtTwoCounters(t.core.ledger.db);
      try {
        // The PSP received the shop's 74,00 for a charge of another terminal of the shop (one
        // payment stands for the counters'): not this Balcão's charge, so among its "other PIX".
        const counter = await apiPixTerminal(env.sb);
        try {
          const c = await apiPixCharge(counter, SHOP_PAID_CENTS);
          await env.sb.control('POST', `/pay/${c.txid}`);
        } finally {
          await counter.core.stop();
        }
        const day = today();
        const view = (await call('shop:view', { day, span: 'week', by: 'day' })) as {
          closing: { shop: { received: { amountCents: number } } };
        };
        const received = view.closing.shop.received.amountCents;
        expect(received).toBe(SHOP_PAID_CENTS);
        const agree = shopAgainstPsp(received, await call('history:checkWithPsp', { day }));
        expect(agree).toMatchObject({ pspCents: SHOP_PAID_CENTS, differenceCents: 0 });

        // A PIX the journal never told of (this Balcão's own charge): 5,00 more at the PSP.
        const d = await apiPixCharge(t, 500);
        await env.sb.control('POST', `/pay/${d.txid}`);
        const more = shopAgainstPsp(received, await call('history:checkWithPsp', { day }));
        expect(more).toMatchObject({ pspCents: SHOP_PAID_CENTS + 500, differenceCents: 500 });
      } finally {
        await shop.stop();
      }
    }),
  );
});
