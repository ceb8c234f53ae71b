import type { CallOutput } from '../../../shared/ipc-contract';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

type Pending = NonNullable<CallOutput<'backups:list'>['pending']>;

/** A copy chosen to go back at the next start: which, and restart now or change one's mind. */
export function PendingRestore({
  pending,
  onRelaunch,
  onCancel,
}: {
  pending: Pending;
  onRelaunch(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" className="stack" data-testid="backup-pending">
      <p>
        {t('backups.pending', {
          at: formatDateTime(pending.takenAt),
          count: pending.charges,
        })}
      </p>
      <button type="button" className="btn btn-primary" onClick={onRelaunch}>
        {t('backups.relaunch')}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        {t('backups.cancel')}
      </button>
    </div>
  );
}
