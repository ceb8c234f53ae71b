import type { ChargeState } from '../../../shared/domain/charge-state';
import { useTranslation } from '../../i18n';

/**
 * The live status, in a polite live region that stays mounted for the whole screen (a region
 * that appears with its text is not reliably announced): each change is read once. `tone`: a
 * payment of another amount, underpaid (amber) or overpaid (flagged), never the green of `Pago`.
 */
export function ChargeStatus({
  status,
  tone,
}: {
  status: ChargeState | null;
  tone?: 'under' | 'over' | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={`charge-status status-${status?.toLowerCase() ?? 'idle'}${tone ? ` amount-${tone}` : ''}`}
    >
      {status ? t(`status.${status}`) : ''}
    </div>
  );
}
