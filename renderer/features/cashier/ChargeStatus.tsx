import type { ChargeState } from '../../../shared/domain/charge-state';
import { useTranslation } from '../../i18n';

/** The live status, in a polite live region a screen reader announces. */
export function ChargeStatus({ status }: { status: ChargeState }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`charge-status status-${status.toLowerCase()}`}
    >
      {t(`status.${status}`)}
    </div>
  );
}
