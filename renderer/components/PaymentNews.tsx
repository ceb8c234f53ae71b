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
