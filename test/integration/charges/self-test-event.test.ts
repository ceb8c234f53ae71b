import { describe, expect, it } from 'vitest';
import { selfTestBody } from '../../../shared/domain/self-test';
import { coreOn, createdCharge } from '../../helpers/core';
import { signedCallback } from '../../helpers/terminal';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// `Testar conexão`'s self-test event travels the same path as the PSP's callbacks. Forged by
// anyone — unsigned, or even signed, with a charge's id and `PAID` inside — it marks nothing
// paid and is not counted as a refused payment notice.
const env = sandboxForFile();

describe('a self-test event is never a payment', () => {
  it('forged with a pending charge id and PAID, unsigned or signed: the charge stays pending', async () => {
    const t = await coreOn(env.sb.baseUrl);
    const c = await createdCharge(t.core, 1990);
    const forged = {
      ...(JSON.parse(selfTestBody('guessed-nonce', Date.now())) as object),
      transactionId: c.externalId,
      status: 'PAID',
      amount: 19.9,
    };
    const unsigned = await t.core.intake.handle(
      { headers: {}, body: JSON.stringify(forged) },
      'relay',
    );
    const signed = await t.core.intake.handle(signedCallback(forged), 'relay');
    for (const r of [unsigned, signed])
      expect(r).toMatchObject({ accepted: false, code: 'SELF_TEST' });
    const v = t.core.charges.get(c.id);
    expect(v.ok && v.value.status).toBe('PENDING');
    expect(t.events.some((e) => e.event === 'charges:paid')).toBe(false);
    // Not a refusal of the PSP's notices either (the owner is not told of a bad signature).
    expect(t.core.ledger.events.rejections()).toEqual({});
    // The real payment still lands: the path was not blocked by the self-test.
    const paid = await t.core.intake.handle(
      signedCallback({ transactionId: c.externalId, status: 'PAID', amount: 19.9, fee: 0 }),
      'relay',
    );
    expect(paid).toMatchObject({ accepted: true, outcome: 'applied' });
  });
});
