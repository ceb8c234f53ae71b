import { describe, expect, it } from 'vitest';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { businessDayFrom } from '../../../shared/domain/business-days';
import { shopDate, addDays, dayNumber, type CobvTerms } from '../../../shared/domain/cobv';
import { apiPixSandboxForFile, onApiPixTerminal } from '../../helpers/api-pix-for-file';
import { payer } from '../../helpers/core';

/**
 * `Com vencimento` through the app's charge service (issue 37): a cobv created, verified, its
 * sandbox's clock moved past the due date, paid with fine and interest, and what the charge says.
 */
let offset = 0;
const DAY = 86_400_000;
/** A due date of today on a weekend or holiday counts from the next business day (the spec). */
const today = shopDate(Date.now());
const moved = (dayNumber(businessDayFrom(today))! - dayNumber(today)!) * DAY;

describe('the app with an API Pix cobv (mutual TLS sandbox)', () => {
  const env = apiPixSandboxForFile({ now: () => Date.now() + offset });
  const terms = (o: Partial<CobvTerms> = {}): CobvTerms => ({
    dueDate: shopDate(Date.now()),
    daysAfterDue: 10,
    finePct: 200,
    interestPctMonth: 100,
    discountCents: 0,
    ...o,
  });
  const withCobvScopes = (t: Parameters<Parameters<typeof onApiPixTerminal>[1]>[0]) =>
    expect(
      t.core.settings.update({
        psp: { apiPix: { scopes: 'cob.write cob.read cobv.write cobv.read pix.write pix.read' } },
      }).ok,
    ).toBe(true);

  it(
    'paid three days after the due date with its fine and interest: Pago, the money received counted',
    onApiPixTerminal(env, async (t) => {
      offset = 0;
      withCobvScopes(t);
      const c = await t.core.charges.create({ amountCents: 10_000, payer, cobv: terms() });
      expect(c, JSON.stringify(c)).toMatchObject({ ok: true, value: { status: 'PENDING' } });
      const view = c.ok ? c.value : undefined;
      expect(view?.brcode).toMatch(/^000201010212/);
      const txid = txidFor(view!.externalId, true);
      expect(env.sb.state.cobs.get(txid)?.cobv?.terms).toEqual(terms());
      // Payable until the end of its last day, not the counter's few minutes.
      expect(view!.expiresAt).toBeGreaterThan(Date.now() + 9 * DAY);

      offset = moved + 3 * DAY;
      const paid = await env.sb.control('POST', `/pay/${txid}`);
      // 2 % + 1 % a month for 3 days (R$ 0,10): R$ 102,10.
      expect(paid.body.valor).toBe('102.10');
      const after = await t.core.charges.recheck(view!.id);
      expect(after).toMatchObject({
        ok: true,
        value: { status: 'PAID', amountCents: 10_000, receivedCents: 10_210 },
      });
    }),
  );

  it(
    'the face value paid after the due date is a different amount, never Pago',
    onApiPixTerminal(env, async (t) => {
      offset = 0;
      withCobvScopes(t);
      const c = await t.core.charges.create({ amountCents: 5_000, payer, cobv: terms() });
      const view = c.ok ? c.value : undefined;
      offset = moved + 2 * DAY;
      await env.sb.control('POST', `/pay/${txidFor(view!.externalId, true)}`, { valor: '50.00' });
      expect(await t.core.charges.recheck(view!.id)).toMatchObject({
        ok: true,
        value: { status: 'PAID_DIFFERENT_AMOUNT', receivedCents: 5_000 },
      });
    }),
  );

  it(
    'bad terms are refused in words and nothing reaches the PSP; a cancel removes the cobv there',
    onApiPixTerminal(env, async (t) => {
      offset = 0;
      withCobvScopes(t);
      const before = env.sb.state.cobs.size;
      const yesterday = addDays(shopDate(Date.now()), -1);
      expect(
        await t.core.charges.create({
          amountCents: 5_000,
          payer,
          cobv: terms({ dueDate: yesterday }),
        }),
      ).toMatchObject({ ok: false, code: 'COBV_DUE_DATE_PAST' });
      expect(
        await t.core.charges.create({ amountCents: 5_000, payer, cobv: terms({ finePct: 500 }) }),
      ).toMatchObject({ ok: false, code: 'COBV_FINE_RANGE' });
      // No payer: the Caixa's own payer rule speaks first, in words.
      expect(await t.core.charges.create({ amountCents: 5_000, cobv: terms() })).toMatchObject({
        ok: false,
        code: 'PAYER_NAME_EMPTY',
      });
      expect(env.sb.state.cobs.size).toBe(before);

      const c = await t.core.charges.create({ amountCents: 3_000, payer, cobv: terms() });
      const view = c.ok ? c.value : undefined;
      expect((await t.core.charges.cancel(view!.id)).ok).toBe(true);
      await expect
        .poll(() => env.sb.state.cobs.get(txidFor(view!.externalId, true))?.status)
        .toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    }),
  );
});
