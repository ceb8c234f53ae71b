import { formatMoney } from '../i18n/money';
import { useTranslation } from '../i18n';
import { usePayments } from '../stores/payments-store';

/** News of every payment that landed off screen: an alert on every screen until dismissed. */
export function PaymentNewsList() {
  const { t } = useTranslation();
  const { news, dismiss } = usePayments();
  if (!news.length) return null;
  return (
    <div className="payment-news">
      {news.map((n) => {
        const amount = formatMoney(n.amountCents);
        if (n.differentCents !== undefined) {
          // Another amount than charged: both amounts, amber or flagged, never a plain `Pago`.
          return (
            <div
              key={n.id}
              className={`banner banner-different amount-${n.differentCents < n.amountCents ? 'under' : 'over'}`}
              role="alert"
            >
              <span>
                {t('news.different', { charged: amount, received: formatMoney(n.differentCents) })}
              </span>
              <button type="button" className="btn btn-small" onClick={() => dismiss(n.id)}>
                {t('news.dismiss')}
              </button>
            </div>
          );
        }
        const key =
          n.paidAfter === 'CANCELED'
            ? 'news.paidAfterCanceled'
            : n.paidAfter === 'EXPIRED'
              ? 'news.paidAfterExpired'
              : 'news.elsewhere';
        return (
          <div key={n.id} className="banner banner-paid" role="alert">
            <span>{t(key, { amount })}</span>
            <button type="button" className="btn btn-small" onClick={() => dismiss(n.id)}>
              {t('news.dismiss')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
