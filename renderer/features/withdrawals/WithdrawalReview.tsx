import { maskPixKey, type PixKeyType } from '../../../shared/domain/pix-key';
import { DecisionButtons, type Decision } from '../../components/DecisionButtons';
import { DetailItem } from '../../components/DetailItem';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';

/** What the review shows, frozen when `Revisar saque` was pressed. */
export interface Review {
  amountCents: number;
  type: PixKeyType;
  key: string;
  description: string;
  /** The available balance read for the review; null when the PSP did not answer. */
  availableCents: number | null;
}

/** The withdrawal as it will be sent, the balance after it, and `Confirmar` or `Editar` (cancel). */
export function WithdrawalReview({ review, ...decision }: { review: Review } & Decision) {
  const { t } = useTranslation();
  return (
    <section role="region" aria-label={t('withdraw.confirmRegion')} className="confirm">
      <h2>{t('withdraw.confirmRegion')}</h2>
      <dl className="detail-list">
        <DetailItem term={t('withdraw.amount')}>{formatMoney(review.amountCents)}</DetailItem>
        <DetailItem term={t('withdraw.fee')}>{t('withdraw.feeUnknown')}</DetailItem>
        <DetailItem term={t('withdraw.balanceAfter')}>
          {review.availableCents === null
            ? t('withdraw.balanceUnknown')
            : formatMoney(review.availableCents - review.amountCents)}
        </DetailItem>
        <DetailItem term={t('withdraw.destination')}>
          {t(`pixKeyTypes.${review.type}`)} {maskPixKey(review.key)}
        </DetailItem>
        {review.description && (
          <DetailItem term={t('withdraw.description')}>{review.description}</DetailItem>
        )}
      </dl>
      {review.availableCents !== null && review.availableCents < review.amountCents && (
        <p role="alert">{t('withdraw.overBalance')}</p>
      )}
      <div className="row">
        <DecisionButtons
          {...decision}
          confirm={t('withdraw.confirm')}
          cancel={t('withdraw.edit')}
        />
      </div>
    </section>
  );
}
