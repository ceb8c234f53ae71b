import { Form } from './Form';
import { KeyTypeChoice } from './KeyTypeChoice';
import type { PixKeyType } from '../../shared/domain/pix-key';
import type { ChargeRefunds } from '../../shared/refunds';
import { useTranslation } from '../i18n';
import { formatMoney } from '../i18n/money';

/** The devolução as typed: the amount, and for the family kind the payer's PIX key. */
export interface RefundDraft {
  amount: string;
  keyType: PixKeyType;
  key: string;
}

/** How much to give back (what is left by default) and, by withdrawal, to which key. */
export function RefundForm({
  data,
  draft,
  edit,
  onRefund,
}: {
  data: ChargeRefunds;
  draft: RefundDraft;
  edit(patch: Partial<RefundDraft>): void;
  onRefund(): void;
}) {
  const { t } = useTranslation();
  return (
    <Form onSubmit={onRefund} className="row">
      <label htmlFor="refund-amount">{t('refunds.amount')}</label>
      <input
        id="refund-amount"
        inputMode="decimal"
        placeholder={formatMoney(data.refundableCents)}
        value={draft.amount}
        onChange={(e) => edit({ amount: e.target.value })}
        aria-describedby="refund-left"
      />
      {data.via === 'withdrawal' && (
        <>
          <p className="notice">{t('refunds.byWithdrawal')}</p>
          <KeyTypeChoice
            id="refund-key-type"
            inRow
            value={draft.keyType}
            onChange={(keyType) => edit({ keyType })}
          />
          <label htmlFor="refund-key">{t('refunds.payerKey')}</label>
          <input
            id="refund-key"
            value={draft.key}
            onChange={(e) => edit({ key: e.target.value })}
          />
        </>
      )}
      <span id="refund-left">
        {t('refunds.left', { amount: formatMoney(data.refundableCents) })}
      </span>
      <button type="submit" className="btn btn-primary">
        {t('refunds.refund')}
      </button>
    </Form>
  );
}
