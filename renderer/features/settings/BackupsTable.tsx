import type { CallOutput } from '../../../shared/ipc-contract';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

export type Kept = CallOutput<'backups:list'>['backups'][number];

/** The kept copies: when each was taken, why, its sales, and `Restaurar` (not a damaged one). */
export function BackupsTable({
  backups,
  onRestore,
}: {
  backups: Kept[];
  onRestore(b: Kept): void;
}) {
  const { t } = useTranslation();
  return (
    <table>
      <ColumnHeads columns={[t('backups.takenAt'), t('backups.reason'), t('backups.sales'), '']} />
      <tbody>
        {backups.map((b) => (
          <tr key={b.name} data-testid="backup-row">
            <td>{formatDateTime(b.takenAt)}</td>
            <td>{t(`backups.reasons.${b.reason}`)}</td>
            <td>{b.ok ? b.charges : t('backups.damaged')}</td>
            <td>
              <button
                type="button"
                className="btn"
                disabled={!b.ok}
                aria-label={t('backups.restoreOne', { at: formatDateTime(b.takenAt) })}
                onClick={() => onRestore(b)}
              >
                {t('backups.restore')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
