import type { ChargeNotice } from '../../../shared/views';
import { i18next } from '../../i18n';

/** A charge's notice in the interface's language (services send codes, never sentences). */
export function describeChargeNotice(n: ChargeNotice): string {
  if (n.code !== 'PSP_REFUSED') return i18next.t(`chargeNotices.${n.code}`);
  const key = `chargeNoticeReasons.${n.reason ?? 'other'}`;
  const reason = i18next.exists(key)
    ? i18next.t(key)
    : i18next.t('chargeNoticeReasons.other', { code: n.reason ?? '?' });
  return i18next.t('chargeNotices.PSP_REFUSED', { reason });
}
