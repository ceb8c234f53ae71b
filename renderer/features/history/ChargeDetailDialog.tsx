import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useRef } from 'react';
import { formatMoney } from '../../i18n/money';
import type { ChargeDetail } from '../../../shared/history';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { RefundPanel } from '../../components/RefundPanel';
import { ShareChargeButton } from '../share/ShareChargeButton';
import { useApp } from '../../stores/app-store';
import { useHistory } from '../../stores/history-store';
import { CancelChargeButton } from './CancelChargeButton';
import { DueTermsLine } from './DueTermsLine';
import { sourceWords } from './source-words';

const when = formatDateTime;

/** One charge: its ids, money, and every status change the ledger recorded, in order. */
export function ChargeDetailDialog({ detail, onClose }: { detail: ChargeDetail; onClose(): void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const c = detail.charge;
  // A DEMO sale refunds while in DEMO (simulated to the end); never through a live PSP.
  const demoNow = useApp((s) => s.info?.mode === 'demo');
  const reopen = useHistory((s) => s.openDetail);
  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="charge-detail-title"
        className="modal charge-detail"
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <h2 id="charge-detail-title">
          {t('history.detailTitle')} {formatMoney(c.amountCents)}
        </h2>
        <dl className="detail-fields">
          <dt>{t('history.chargeId')}</dt>
          <dd className="mono">{c.externalId}</dd>
          <dt>{t('history.pspId')}</dt>
          <dd className="mono">{c.pspTransactionId ?? '—'}</dd>
          <dt>{t('history.status')}</dt>
          <dd>
            {t(`status.${c.status}`)}
            {c.flags.includes('LATE_PAYMENT') && ` · ${t('history.late')}`}
            {c.flags.includes('MED_INFRACTION') && ` · ${t('med.marked')}`}
            {c.flags.includes('REFUND_DUE') && ` · ${t('history.refundDue')}`}
          </dd>
          {c.split && (
            <>
              <dt>{t('pspProfile.splitUser')}</dt>
              <dd>
                {c.split.user} · {c.split.taxPercent}%
              </dd>
            </>
          )}
          {c.dueTerms && <DueTermsLine terms={c.dueTerms} />}
          {c.receivedCents !== undefined && (
            <>
              <dt>{t('history.received')}</dt>
              <dd>{formatMoney(c.receivedCents)}</dd>
            </>
          )}
          <dt>{t('history.fee')}</dt>
          <dd>{c.feeCents !== undefined ? formatMoney(c.feeCents) : '—'}</dd>
          {c.paidAt !== undefined && (
            <>
              <dt>{t('receipt.paidAt')}</dt>
              <dd>{when(c.paidAt)}</dd>
            </>
          )}
          {c.operatorName && (
            <>
              <dt>{t('history.operator')}</dt>
              <dd>{c.operatorName}</dd>
            </>
          )}
          {c.description && (
            <>
              <dt>{t('cashier.description')}</dt>
              <dd>{c.description}</dd>
            </>
          )}
        </dl>
        {c.status === 'PENDING' && (
          <div className="modal-actions">
            <ShareChargeButton chargeId={c.id} />
            <CancelChargeButton
              chargeId={c.id}
              amountCents={c.amountCents}
              onDone={() => void reopen(c.id)}
            />
          </div>
        )}
        {(c.status === 'PAID' || c.flags.includes('LATE_PAYMENT')) && c.demo === demoNow && (
          <RefundPanel chargeId={c.id} />
        )}
        <table className="history status-history">
          <caption>{t('history.statusHistory')}</caption>
          <ColumnHeads
            columns={['when', 'change', 'source', 'detail'].map((c) => t(`history.${c}`))}
          />
          <tbody>
            {detail.history.map((h, i) => (
              <tr key={i}>
                <td>{when(h.at)}</td>
                <td>
                  {h.from ? `${t(`status.${h.from}`)} → ` : ''}
                  {t(`status.${h.to}`)}
                </td>
                <td>{sourceWords(h.source)}</td>
                <td>{h.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button ref={close} type="button" className="btn" onClick={onClose}>
          {t('history.close')}
        </button>
      </div>
    </div>
  );
}
