import { chargesCsv } from '../../../shared/domain/charges-csv';
import { useTranslation } from '../../i18n';
import { useHistory } from '../../stores/history-store';
import { useOperators } from '../../stores/operators-store';
import { chargesCsvLabels } from './charges-csv-labels';
import { closingCsv } from './closing-csv';
import { downloadText } from './download';

/** `Fechamento do dia` (printed), the day's closing as CSV, and every charge of the day as CSV. */
export function HistoryActions({ onPrintClosing }: { onPrintClosing(): void }) {
  const { t, i18n } = useTranslation();
  const day = useHistory((s) => s.day);
  const closing = useHistory((s) => s.closing);
  const allRows = useHistory((s) => s.allRows);
  const exportCsv = async () => {
    const rows = await allRows();
    if (!rows) return;
    const csv = chargesCsv(
      rows,
      chargesCsvLabels(t, i18n.language),
      useOperators.getState().enabled,
    );
    downloadText(`balcao-${day}.csv`, csv);
  };
  return (
    <div className="history-actions">
      <button type="button" className="btn" onClick={onPrintClosing}>
        {t('history.closeDay')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={!closing}
        onClick={() => closing && downloadText(`fechamento-${day}.csv`, closingCsv(closing, t))}
      >
        {t('history.exportClosing')}
      </button>
      <button type="button" className="btn" onClick={() => void exportCsv()}>
        {t('history.export')}
      </button>
    </div>
  );
}
