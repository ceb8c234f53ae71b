import { useEffect, useRef, useState } from 'react';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { useApp } from '../../stores/app-store';
import { useOperators } from '../../stores/operators-store';
import { downloadText } from '../history/download';
import { shiftCsv, shiftPrint, shiftRows } from './shift-paper';

/** Fechar turno's summary on screen, to the thermal printer and as CSV (the same rows). */
export function ShiftSummaryDialog() {
  const { t } = useTranslation();
  const summary = useOperators((s) => s.summary);
  const dismiss = useOperators((s) => s.dismissSummary);
  const shopName = useApp((s) => s.info?.shopName ?? '');
  const [note, setNote] = useState<string | null>(null);
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), []);
  if (!summary) return null;
  const name = summary.operatorName ?? '';
  const print = async () => {
    const r = await bridge().printer.printClosing(shiftPrint(summary, shopName, t));
    setNote(r.ok ? t('operators.printed', { target: r.value.target }) : describeError(r));
  };
  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="shift-summary-title"
        className="modal shift-summary"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          e.stopPropagation();
          dismiss();
        }}
      >
        <h2 id="shift-summary-title">{t('operators.summary', { name })}</h2>
        <table className="closing-table">
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">{t('history.count')}</th>
              <th scope="col">{t('history.total')}</th>
            </tr>
          </thead>
          <tbody>
            {shiftRows(summary, t).map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td className="num">{r.count ?? ''}</td>
                <td className="num">{formatMoney(r.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary.feeUnknownCount > 0 && (
          <p className="muted">{t('operators.feeUnknown', { count: summary.feeUnknownCount })}</p>
        )}
        {note && <p role="status">{note}</p>}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => void print()}>
            {t('operators.print')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() =>
              downloadText(
                `turno-${name || summary.operatorId.slice(0, 8)}-${new Date(summary.openedAt).toISOString().slice(0, 10)}.csv`,
                shiftCsv(summary, shopName, t),
              )
            }
          >
            {t('operators.csv')}
          </button>
          <button ref={ok} type="button" className="btn btn-primary" onClick={dismiss}>
            {t('operators.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
