import { ColumnHeads } from '../../components/ColumnHeads';
import { formatMoney } from '../../i18n/money';
import type { DayClosingView } from '../../../shared/history';
import { useTranslation } from '../../i18n';
import { useState } from 'react';
import { closingRows, hasAny, isShownBrief, partName } from './closing-csv';
import { formatDateTime, formatDay } from '../../i18n/dates';
import { DemoWithdrawals, WithdrawalsTable } from './WithdrawalsTable';

export function SectionTable({
  title,
  s,
  every,
}: {
  title: string;
  s: DayClosingView['live'];
  /** Every line, zeros too; otherwise what is not zero (and Recebido, Líquido, Total always). */
  every: boolean;
}) {
  const { t } = useTranslation();
  const rows = closingRows(s, t).filter((r) => every || isShownBrief(r));
  return (
    <table className="closing-table">
      <caption>{title}</caption>
      <ColumnHeads columns={[t('history.status'), t('history.count'), t('history.total')]} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td className="num">{r.count ?? ''}</td>
            <td className="num">{formatMoney(r.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** With operators (issue 36): one block per operator, then per terminal (each the sum of its operators). */
function ClosingParts({ closing, every }: { closing: DayClosingView; every: boolean }) {
  const { t } = useTranslation();
  if (!closing.byOperator) return null;
  return (
    <>
      <h3>{t('closing.byOperator')}</h3>
      {closing.byOperator.map((p) => (
        <SectionTable key={p.operatorId ?? ''} title={partName(p, t)} s={p.live} every={every} />
      ))}
      <h3>{t('closing.byTerminal')}</h3>
      {closing.byTerminal?.map((p) => (
        <SectionTable
          key={p.terminalId}
          title={`${t('closing.terminal')} ${p.terminalName}`}
          s={p.live}
          every={every}
        />
      ))}
    </>
  );
}

/**
 * Fechamento do dia for this terminal: live money, DEMO apart, the day's withdrawals. A shop
 * owner reads what happened (lines that are not zero); "every line" shows the zeros too (issue
 * 34). Printed and exported closings keep every line.
 */
export function DayClosing({ closing }: { closing: DayClosingView }) {
  const { t } = useTranslation();
  const [every, setEvery] = useState(false);
  const w = closing.withdrawals;
  const hidden = [closing.live, ...(hasAny(closing.demo) ? [closing.demo] : [])].some((s) =>
    closingRows(s, t).some((r) => !isShownBrief(r)),
  );
  return (
    <div className="closing-body">
      <h2>
        {t('history.closeDay')} — {formatDay(closing.day)} — {closing.terminalName}
      </h2>
      <p className="closing-shop">
        {closing.shopName} · {t('closing.terminal')} {closing.terminalName} (
        {closing.terminalId.slice(0, 8)})
      </p>
      <SectionTable title={t('closing.live')} s={closing.live} every={every} />
      {closing.live.received.feeUnknownCount > 0 && (
        <p className="notice">
          {t('closing.feeUnknown', { count: closing.live.received.feeUnknownCount })}
        </p>
      )}
      {hasAny(closing.demo) && (
        <SectionTable title={t('closing.demo')} s={closing.demo} every={every} />
      )}
      {(hidden || every) && (
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={every}
          onClick={() => setEvery((v) => !v)}
        >
          {every ? t('closing.fewerLines') : t('closing.everyLine')}
        </button>
      )}
      <ClosingParts closing={closing} every={every} />
      <WithdrawalsTable caption={t('closing.withdrawals')} w={w} />
      <DemoWithdrawals w={closing.demoWithdrawals} />
      <p className="closing-generated">
        {t('closing.generatedAt')} {formatDateTime(closing.generatedAt)}
      </p>
    </div>
  );
}
