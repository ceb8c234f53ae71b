import { receivedOf } from '../../shared/domain/day-closing';
import type { ChargeView } from '../../shared/views';
import { i18next } from '../i18n';

/**
 * A charge's status in words; a late payment says after what (`Pago (após cancelamento)`), and
 * a payment of another amount is never plain `Pago` (`Pago com valor diferente`).
 */
export function chargeStatusLabel(c: Pick<ChargeView, 'status' | 'paidAfter'>): string {
  const prefix =
    c.status === 'PAID' ? 'PAID' : c.status === 'PAID_DIFFERENT_AMOUNT' ? 'DIFFERENT' : null;
  if (prefix && c.paidAfter === 'CANCELED')
    return i18next.t(`statusLabel.${prefix}_AFTER_CANCELED`);
  if (prefix && c.paidAfter === 'EXPIRED') return i18next.t(`statusLabel.${prefix}_AFTER_EXPIRED`);
  return i18next.t(`status.${c.status}`);
}

/**
 * Paid with another amount than charged: `under` (amber: goods not fully paid) or `over` (the
 * payer is owed the difference), with the difference in cents; null for anything else.
 */
export function amountDifference(
  c: Pick<ChargeView, 'status' | 'amountCents' | 'receivedCents'>,
): { tone: 'under' | 'over'; cents: number } | null {
  if (c.status !== 'PAID_DIFFERENT_AMOUNT') return null;
  const diff = receivedOf(c) - c.amountCents;
  return { tone: diff < 0 ? 'under' : 'over', cents: Math.abs(diff) };
}
