import type { Ledger } from '../ledger/ledger';
import type { RefundReason } from './tef-decide';

/**
 * A PDV sale's money is due back (NCN, CNC, never confirmed, paid after a denial or with another
 * amount): its charge stays as it is (the money arrived) and is flagged `REFUND_DUE` with a
 * history line, so Histórico shows it until the owner returns it from the PSP's panel.
 */
export function markRefundDue(
  ledger: Ledger,
  chargeId: string,
  reason: RefundReason,
  at: number,
): void {
  const c = ledger.charges.get(chargeId);
  if (!c || c.flags.includes('REFUND_DUE')) return;
  c.flags.push('REFUND_DUE');
  c.updatedAt = at;
  ledger.charges.save(c, {
    from: c.status,
    to: c.status,
    source: 'pdv',
    detail: `refund due: ${reason}`,
    at,
  });
}
