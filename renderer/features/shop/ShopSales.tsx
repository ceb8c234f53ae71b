import type { ShopView } from '../../../shared/shop-view';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useTranslation } from '../../i18n';
import { formatTime } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';
import { downloadText } from '../history/download';
import { saleColumns, salesCsv } from './shop-csv';

/** The day's sales across the shop: counter, operator, status and money, newest first. */
export function ShopSales({ day, sales }: { day: string; sales: ShopView['sales'] }) {
  const { t } = useTranslation();
  return (
    <section className="shop-sales" aria-label={t('shop.sales')}>
      <h2>{t('shop.sales')}</h2>
      {sales.length === 0 ? (
        <p role="status">{t('shop.salesEmpty')}</p>
      ) : (
        <table className="history shop-sales-table">
          <ColumnHeads columns={saleColumns(t)} />
          <tbody>
            {sales.map((s) => (
              <tr key={s.id}>
                <td>
                  <time>{formatTime(s.createdAt)}</time>
                </td>
                <td title={s.terminal}>{s.terminalName}</td>
                <td>{s.operatorName ?? t('shop.nobody')}</td>
                <td>{t(`status.${s.status}`)}</td>
                <td className="num">{formatMoney(s.amountCents)}</td>
                <td className="num">
                  {s.receivedCents === undefined ? '' : formatMoney(s.receivedCents)}
                </td>
                <td>{s.payer ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="history-actions">
        <button
          type="button"
          className="btn"
          disabled={sales.length === 0}
          onClick={() => downloadText(`balcao-loja-${day}.csv`, salesCsv(sales, t))}
        >
          {t('shop.salesCsv')}
        </button>
      </div>
    </section>
  );
}
