import { useEffect, useState } from 'react';
import { formatBRL } from '../../../shared/domain/money';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useHistory } from '../../stores/history-store';
import { Receipt } from '../cashier/Receipt';
import { chargesCsv } from './csv';
import { HistoryTable } from './HistoryTable';

/** Histórico: filters, reprint, the day's closing (printable) and CSV export. */
export function HistoryScreen() {
  const { t } = useTranslation();
  const h = useHistory();
  const info = useApp((s) => s.info);
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  const [printing, setPrinting] = useState<'receipt' | 'closing' | null>(null);

  useEffect(() => {
    void h.load();
  }, []);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const exportCsv = () => {
    const blob = new Blob([chargesCsv(h.charges, (s) => t(`status.${s}`))], {
      type: 'text/csv;charset=utf-8',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `balcao-${h.day}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <div className={`history-screen printing-${printing ?? 'none'}`}>
      <h1>{t('history.title')}</h1>
      <HistoryTable
        day={h.day}
        status={h.status}
        charges={h.charges}
        onDay={(d) => void h.setDay(d)}
        onStatus={(s) => void h.setStatus(s)}
        onReprint={(c) => {
          h.setReprint(c);
          setPrinting('receipt');
        }}
      />
      <div className="history-actions">
        <button type="button" className="btn" onClick={() => setPrinting('closing')}>
          {t('history.closeDay')}
        </button>
        <button type="button" className="btn" onClick={exportCsv}>
          {t('history.export')}
        </button>
      </div>
      {h.summary && (
        <section className="closing" aria-label={t('history.closeDay')}>
          <h2>
            {t('history.closeDay')} — {h.day.split('-').reverse().join('/')}
          </h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('history.status')}</th>
                <th scope="col">{t('history.count')}</th>
                <th scope="col">{t('history.total')}</th>
              </tr>
            </thead>
            <tbody>
              {h.summary.totals.map((row) => (
                <tr key={row.status}>
                  <td>{t(`status.${row.status}`)}</td>
                  <td className="num">{row.count}</td>
                  <td className="num">{formatBRL(row.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {printing === 'receipt' && h.reprint && info && (
        <Receipt charge={h.reprint} shopName={info.shopName} paperWidthMm={paperWidthMm} />
      )}
    </div>
  );
}
