import type { ChargeState } from '../../../shared/domain/charge-state';
import { useTranslation } from '../../i18n';

/**
 * The live status, in a polite live region that stays mounted for the whole screen (a region
 * that appears with its text is not reliably announced): each change is read once.
 */
export function ChargeStatus({ status }: { status: ChargeState | null }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={`charge-status status-${status?.toLowerCase() ?? 'idle'}`}
    >
      {status ? t(`status.${status}`) : ''}
    </div>
  );
}
