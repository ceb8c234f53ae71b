import { ColumnHeads } from '../../components/ColumnHeads';
import { formatMoney } from '../../i18n/money';
import type { DayClosingView } from '../../../shared/history';
import { useTranslation } from '../../i18n';
import { closingRows, hasAny } from './closing-csv';
import { formatDateTime, formatDay } from '../../i18n/dates';
import { DemoWithdrawals, WithdrawalsTable } from './WithdrawalsTable';

function SectionTable({ title, s }: { title: string; s: DayClosingView['live'] }) {
  const { t } = useTranslation();
  return (
    <table className="closing-table">
      <caption>{title}</caption>
      <ColumnHeads columns={[t('history.status'), t('history.count'), t('history.total')]} />
      <tbody>
        {closingRows(s, t).map((r) => (
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

/** Fechamento do dia for this terminal: live money, DEMO apart, the day's withdrawals. */
export function DayClosing({ closing }: { closing: DayClosingView }) {
  const { t } = useTranslation();
  const w = closing.withdrawals;
  return (
    <div className="closing-body">
      <h2>
        {t('history.closeDay')} — {formatDay(closing.day)} — {closing.terminalName}
      </h2>
      <p className="closing-shop">
        {closing.shopName} · {t('closing.terminal')} {closing.terminalName} (
        {closing.terminalId.slice(0, 8)})
      </p>
      <SectionTable title={t('closing.live')} s={closing.live} />
      {closing.live.received.feeUnknownCount > 0 && (
        <p className="notice">
          {t('closing.feeUnknown', { count: closing.live.received.feeUnknownCount })}
        </p>
      )}
      {hasAny(closing.demo) && <SectionTable title={t('closing.demo')} s={closing.demo} />}
      <WithdrawalsTable caption={t('closing.withdrawals')} w={w} />
      <DemoWithdrawals w={closing.demoWithdrawals} />
      <p className="closing-generated">
        {t('closing.generatedAt')} {formatDateTime(closing.generatedAt)}
      </p>
    </div>
  );
}
