// The whole terminal (createAppCore, embedded demo PSP, real SQLite): a charge rung while Ana is
// at the counter is tagged with her in the ledger, stays hers after Bia takes over, and reaches
// Pago still tagged to Ana; Fechar turno counts it in Ana's shift.
import { describe, expect, it } from 'vitest';
import { demoCore, payer, tempDir } from '../../helpers/core';
import { waitFor } from '../../helpers/sandbox';

describe('operator tags on the real charge path', () => {
  it('a switch mid-charge: the charge reaches Pago tagged to its creator', async () => {
    const core = await demoCore(tempDir());
    await core.start();
    try {
      const pin = await core.owner.setPin('2468');
      expect(pin.ok).toBe(true);
      const ana = await core.operators.add({ name: 'Ana', pin: '1234', role: 'cashier' });
      const bia = await core.operators.add({ name: 'Bia', pin: '5678', role: 'cashier' });
      if (!ana.ok || !bia.ok) throw new Error('roster');
      core.owner.lock();
      const atAna = await core.operators.enter(ana.value.id, '1234');
      if (!atAna.ok) throw new Error(atAna.code);
      const c = await core.charges.create({ amountCents: 1_990, payer });
      if (!c.ok) throw new Error(c.code);
      core.operators.lock();
      expect((await core.operators.enter(bia.value.id, '5678')).ok).toBe(true);
      await core.demo!.pay(core.charges.record(c.value.id)!.pspTransactionId!);
      await waitFor(() => core.charges.record(c.value.id)!.status === 'PAID');
      const tag = core.ledger.db
        .prepare('SELECT operator_id, shift_id FROM charges WHERE id = ?')
        .get(c.value.id);
      expect(tag).toEqual({ operator_id: ana.value.id, shift_id: atAna.value.shift.id });
      expect(core.operators.closeShift(atAna.value.shift.id)).toMatchObject({
        ok: false,
        code: 'OWNER_LOCKED',
      });
      expect((await core.owner.unlock('2468')).ok).toBe(true);
      const s = core.operators.closeShift(atAna.value.shift.id);
      if (!s.ok) throw new Error(s.code);
      expect(s.value.paid).toEqual({ count: 0, amountCents: 0 }); // DEMO is never money
      expect(s.value.operatorId).toBe(ana.value.id);
    } finally {
      await core.stop();
    }
  });
});
