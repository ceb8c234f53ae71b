import type { AppCore } from '../../electron/services/app-core';
import type { PspCharge } from './chaos-books';

const OWNER_PIN = '2468';
const CAST = [
  { name: 'Ana', pin: '1111' },
  { name: 'Bia', pin: '2222' },
  { name: 'Caio', pin: '3333' },
];

/**
 * The chaos run with a shop's operators (issue 36: "the chaos run's closing invariant extends to
 * operators"): three cashiers take turns at the counter, one switch before each sale; at the end
 * the owner closes every shift, and the shifts' received money must add up to the PSP's paid sum.
 */
export async function operatorShifts(core: AppCore) {
  if (!(await core.owner.setPin(OWNER_PIN)).ok) throw new Error('owner PIN');
  const ids: string[] = [];
  for (const o of CAST) {
    const r = await core.operators.add({ ...o, role: 'cashier' });
    if (!r.ok) throw new Error(r.code);
    ids.push(r.value.id);
  }
  core.owner.lock();
  const shifts = new Set<string>();
  return {
    /** The next cashier at the counter (a switch: the prompt, her PIN). */
    async turn(i: number) {
      core.operators.lock();
      const at = await core.operators.enter(ids[i % ids.length]!, CAST[i % CAST.length]!.pin);
      if (!at.ok) throw new Error(at.code);
      shifts.add(at.value.shift.id);
    },
    /** Every shift closed by the owner; what their summaries received, against the PSP. */
    async close(psp: PspCharge[]): Promise<string[]> {
      if (!(await core.owner.unlock(OWNER_PIN)).ok) throw new Error('owner unlock');
      let received = 0;
      for (const id of shifts) {
        const s = core.operators.closeShift(id);
        if (!s.ok) return [`shift ${id} not closed: ${s.code}`];
        received += s.value.paid.amountCents;
      }
      const pspSum = psp
        .filter((p) => p.status === 'PAID')
        .reduce((n, p) => n + Math.round(p.amount * 100), 0);
      return received === pspSum
        ? []
        : [`operators' shifts received ${received} vs ${pspSum} paid at the PSP`];
    },
  };
}
