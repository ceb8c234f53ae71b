import type { CallOutput } from '../../../shared/ipc-contract';
import { DecisionButtons, type Decision } from '../../components/DecisionButtons';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

type Pending = NonNullable<CallOutput<'backups:list'>['pending']>;

/** A copy chosen to go back at the next start: which, and restart now or change one's mind. */
export function PendingRestore({ pending, ...decision }: { pending: Pending } & Decision) {
  const { t } = useTranslation();
  return (
    <div role="status" className="stack" data-testid="backup-pending">
      <p>
        {t('backups.pending', {
          at: formatDateTime(pending.takenAt),
          count: pending.charges,
        })}
      </p>
      <DecisionButtons {...decision} confirm={t('backups.relaunch')} cancel={t('backups.cancel')} />
    </div>
  );
}
