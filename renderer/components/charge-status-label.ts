import type { ChargeView } from '../../shared/views';
import { i18next } from '../i18n';

/** A charge's status in words; a late payment says after what (`Pago (após cancelamento)`). */
export function chargeStatusLabel(c: Pick<ChargeView, 'status' | 'paidAfter'>): string {
  if (c.status === 'PAID' && c.paidAfter === 'CANCELED')
    return i18next.t('statusLabel.PAID_AFTER_CANCELED');
  if (c.status === 'PAID' && c.paidAfter === 'EXPIRED')
    return i18next.t('statusLabel.PAID_AFTER_EXPIRED');
  return i18next.t(`status.${c.status}`);
}

/** Money that came in: PAID (late or not), or a payment flagged on a charge we had failed. */
export const isReceived = (c: Pick<ChargeView, 'status' | 'flags'>) =>
  c.status === 'PAID' || c.flags.includes('LATE_PAYMENT');
