import { lazy, Suspense, useEffect, useState } from 'react';
import type { HistoryRow } from '../../../shared/history';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useHistory } from '../../stores/history-store';
import { AlertNotice } from '../../components/AlertNotice';
import { describeError } from '../../bridge';
import { printPage } from '../../print';
import { printClosing, printedHeightMm, printReceipt } from '../receipt/print';
import { PrintArea } from '../receipt/PrintArea';
import { Receipt } from '../receipt/Receipt';
import { WaitingCharges } from '../share/WaitingCharges';
import { ChargeDetailDialog } from './ChargeDetailDialog';
import { closingPrint } from './closing-csv';
import { DayClosing } from './DayClosing';
import { PspCheck } from './PspCheck';
import { HistoryActions } from './HistoryActions';
import { HistoryPager } from './HistoryPager';
import { HistoryTable } from './HistoryTable';

// Loja travels in Histórico's chunk (renderer/screens.tsx says why).
export { ShopScreen } from '../shop/ShopScreen';

// Semana e mês and its charting library load only when the owner opens it.
const SalesSeries = lazy(() => import('./SalesSeries'));

type PrintTarget = { kind: 'receipt'; row: HistoryRow } | { kind: 'closing' } | null;

/** Histórico: every charge of the day (paged), filters, detail, reprint, Fechamento, CSV. */
export function HistoryScreen() {
  const { t } = useTranslation();
  const h = useHistory();
  const info = useApp((s) => s.info);
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  const [target, setTarget] = useState<PrintTarget>(null);
  const [printSeq, setPrintSeq] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [series, setSeries] = useState(false);

  useEffect(() => {
    void useHistory.getState().load();
  }, []);
  // The host prints what is rendered: print after the target is on the page and measured.
  useEffect(() => {
    if (!printSeq) return;
    void printPage(printedHeightMm()).then((r) => !r.ok && setMessage(describeError(r)));
  }, [printSeq]);
  const dialog = (next: PrintTarget) => {
    setTarget(next);
    setPrintSeq((n) => n + 1);
  };

  const printRow = async (row: HistoryRow) => {
    setMessage(await printReceipt(row.id, () => dialog({ kind: 'receipt', row })));
  };
  const printDayClosing = async () => {
    const open = () => dialog({ kind: 'closing' });
    if (!h.closing) return open();
    setMessage(await printClosing(closingPrint(h.closing, t), open));
  };

  return (
    <div className="history-screen">
      <h1>{t('history.title')}</h1>
      <WaitingCharges />
      <HistoryTable
        day={h.day}
        status={h.status}
        text={h.text}
        rows={h.rows}
        onDay={(d) => void h.setDay(d)}
        onStatus={(s) => void h.setStatus(s)}
        onText={(x) => void h.setText(x)}
        onDetail={(c) => void h.openDetail(c.id)}
        onPrint={(c) => void printRow(c)}
      />
      <HistoryPager />
      {(message ?? h.error) && <AlertNotice>{message ?? h.error}</AlertNotice>}
      <HistoryActions onPrintClosing={() => void printDayClosing()} />
      {h.closing && (
        <section className="closing" aria-label={t('history.closeDay')}>
          <DayClosing closing={h.closing} />
          <PspCheck day={h.closing.day} />
        </section>
      )}
      {/* The owner's (the closing is read only with her rights): weeks and months in charts. */}
      {h.closing && (
        <div className="history-actions">
          <button
            type="button"
            className="btn"
            aria-expanded={series}
            onClick={() => setSeries(!series)}
          >
            {t('history.series')}
          </button>
        </div>
      )}
      {series && h.closing && (
        <Suspense fallback={<p className="muted">{t('history.seriesLoading')}</p>}>
          <SalesSeries day={h.day} />
        </Suspense>
      )}
      {h.detail && <ChargeDetailDialog detail={h.detail} onClose={h.closeDetail} />}
      {target?.kind === 'receipt' && info && (
        <Receipt charge={target.row} shopName={info.shopName} paperWidthMm={paperWidthMm} />
      )}
      {target?.kind === 'closing' && h.closing && (
        <PrintArea widthMm={paperWidthMm}>
          <div className="receipt closing-print">
            <DayClosing closing={h.closing} />
          </div>
        </PrintArea>
      )}
    </div>
  );
}
