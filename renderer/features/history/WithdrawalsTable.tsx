import { formatMoney } from '../../i18n/money';
import type { DayClosingView } from '../../../shared/history';
import { useTranslation } from '../../i18n';

/** The day's withdrawals by outcome, under a caption: the live ones, or the DEMO ones. */
export function WithdrawalsTable({
  caption,
  w,
}: {
  caption: string;
  w: DayClosingView['withdrawals'];
}) {
  const { t } = useTranslation();
  return (
    <table className="closing-table">
      <caption>{caption}</caption>
      <tbody>
        {(['completed', 'processing', 'failed', 'total'] as const).map((k) => (
          <tr key={k}>
            <th scope="row">{t(`closing.w_${k}`)}</th>
            <td className="num">{w[k].count}</td>
            <td className="num">{formatMoney(w[k].amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The day's DEMO withdrawals, apart from the live ones (issue 34): after going live, what was
 * tried in DEMO never adds to the shop's real withdrawals. Shown only when there is one.
 */
export function DemoWithdrawals({ w }: { w: DayClosingView['demoWithdrawals'] }) {
  const { t } = useTranslation();
  if (w.total.count === 0) return null;
  return <WithdrawalsTable caption={t('closing.demoWithdrawals')} w={w} />;
}
