import { ColumnHeads } from './ColumnHeads';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { parseMoney } from '../../shared/domain/money';
import { parsePixKey, PIX_KEY_TYPES, type PixKeyType } from '../../shared/domain/pix-key';
import type { ChargeRefunds, RefundView } from '../../shared/refunds';
import { bridge, describeError } from '../bridge';
import { PinDialog } from './PinDialog';
import { refundReceipt } from './refund-receipt';
import { PrintArea } from '../features/receipt/PrintArea';
import { printClosing, printedHeightMm } from '../features/receipt/print';
import { printPage } from '../print';
import { useApp } from '../stores/app-store';
import { useTranslation } from '../i18n';
import { formatDateTime } from '../i18n/dates';
import { formatMoney } from '../i18n/money';

/**
 * Devolver, on a paid sale: full or partial (what is left by default), behind the owner's PIN
 * every time, then each devolução with its live status (EM_PROCESSAMENTO → DEVOLVIDO).
 */
export function RefundPanel({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation();
  const [data, setData] = useState<ChargeRefunds | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [askPin, setAskPin] = useState<number | null>(null);
  // The family kind: the money goes back by a withdrawal to the key the owner types.
  const [keyType, setKeyType] = useState<PixKeyType>('CPF');
  const [key, setKey] = useState('');
  // The receipt on paper: ESC/POS when configured, else this print area and the host's print.
  const [paper, setPaper] = useState<RefundView | null>(null);
  const paperWidthMm = useApp((s) => s.paperWidthMm);
  useEffect(() => {
    if (!paper) return;
    void printPage(printedHeightMm()).then((r) => !r.ok && setError(describeError(r)));
  }, [paper]);
  const load = useCallback(async () => {
    const r = await bridge().refunds.forCharge({ chargeId });
    if (r.ok) setData(r.value);
    else setError(describeError(r));
  }, [chargeId]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the service, sets after its answer
    void load();
    // A devolução of this sale changed (the PSP's answer, a poll): read it again.
    return bridge().on('refunds:updated', (v) => {
      if (v.chargeId === chargeId) void load();
    });
  }, [chargeId, load]);
  if (!data) return null;
  const print = async (r: RefundView) => {
    const doc = refundReceipt(r, data, t);
    setError(await printClosing(doc, () => setPaper({ ...r })));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = amount.trim()
      ? parseMoney(amount, { positive: true })
      : { ok: true as const, value: data.refundableCents };
    if (!cents.ok) return setError(describeError(cents));
    if (data.via === 'withdrawal') {
      const k = parsePixKey(keyType, key);
      if (!k.ok) return setError(describeError(k));
    }
    setError(null);
    setAskPin(cents.value);
  };
  const send = async (pin: string): Promise<string | null> => {
    const unlocked = await bridge().owner.unlock({ pin });
    if (!unlocked.ok) return describeError(unlocked);
    const cents = askPin!;
    setAskPin(null);
    const r =
      data!.via === 'withdrawal'
        ? await bridge().refunds.withdraw({
            chargeId,
            amountCents: cents,
            pixKeyType: keyType,
            pixKey: key,
          })
        : await bridge().refunds.request({ chargeId, amountCents: cents });
    if (!r.ok) setError(describeError(r));
    else setAmount('');
    await load();
    return null;
  };
  return (
    <section aria-labelledby="refund-title" className="refunds">
      <h3 id="refund-title">{t('refunds.title')}</h3>
      {data.refunds.length > 0 && (
        <table className="history">
          <ColumnHeads
            columns={['when', 'amount', 'status', 'actions'].map((c) => t(`history.${c}`))}
          />
          <tbody>
            {data.refunds.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.doneAt ?? r.createdAt)}</td>
                <td>{formatMoney(r.amountCents)}</td>
                <td
                  role="status"
                  aria-label={t('refunds.statusOf', { amount: formatMoney(r.amountCents) })}
                >
                  {t(`refunds.status.${r.status}`)}
                  {r.noticeCode &&
                    r.status === 'REFUSED' &&
                    ` · ${describeError({ code: r.noticeCode })}`}
                </td>
                <td>
                  {r.status === 'REFUNDED' && (
                    <button type="button" className="btn" onClick={() => void print(r)}>
                      {t('refunds.printReceipt')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.refundableCents > 0 ? (
        <form onSubmit={submit} className="row">
          <label htmlFor="refund-amount">{t('refunds.amount')}</label>
          <input
            id="refund-amount"
            inputMode="decimal"
            placeholder={formatMoney(data.refundableCents)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby="refund-left"
          />
          {data.via === 'withdrawal' && (
            <>
              <p className="notice">{t('refunds.byWithdrawal')}</p>
              <label htmlFor="refund-key-type">{t('withdraw.keyType')}</label>
              <select
                id="refund-key-type"
                value={keyType}
                onChange={(e) => setKeyType(e.target.value as PixKeyType)}
              >
                {PIX_KEY_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`pixKeyTypes.${k}`)}
                  </option>
                ))}
              </select>
              <label htmlFor="refund-key">{t('refunds.payerKey')}</label>
              <input id="refund-key" value={key} onChange={(e) => setKey(e.target.value)} />
            </>
          )}
          <span id="refund-left">
            {t('refunds.left', { amount: formatMoney(data.refundableCents) })}
          </span>
          <button type="submit" className="btn btn-primary">
            {t('refunds.refund')}
          </button>
        </form>
      ) : (
        <p>{t('refunds.nothingLeft')}</p>
      )}
      {error && <p role="alert">{error}</p>}
      {paper && (
        <PrintArea widthMm={paperWidthMm}>
          <div className="receipt">
            {(() => {
              const doc = refundReceipt(paper, data, t);
              return (
                <>
                  {doc.heading.map((h) => (
                    <p key={h}>{h}</p>
                  ))}
                  {doc.sections[0]!.rows.map((row) => (
                    <p key={row.label}>
                      {row.label}: {formatMoney(row.cents)}
                    </p>
                  ))}
                  <p className="mono">{doc.footer}</p>
                </>
              );
            })()}
          </div>
        </PrintArea>
      )}
      {askPin !== null && (
        <PinDialog
          hasPin
          onUnlock={send}
          onSetPin={async () => null}
          onCancel={() => setAskPin(null)}
        />
      )}
    </section>
  );
}
