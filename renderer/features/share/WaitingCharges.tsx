import { useCallback, useEffect, useState } from 'react';
import type { CallOutput } from '../../../shared/ipc-contract';
import type { ChargeView } from '../../../shared/views';
import { bridge, describeError } from '../../bridge';
import { AlertNotice } from '../../components/AlertNotice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';
import { ShareChargeDialog } from './ShareChargeDialog';
import './share.css';

type Waiting = CallOutput<'charges:waiting'>;

/**
 * `A receber` (Histórico): the charges waiting for a payer who is not at the counter — until
 * when, how and to whom each was sent — with `Reenviar` and `Cancelar`. Read again whenever a
 * charge changes, so a payment takes its row away.
 */
export function WaitingCharges() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Waiting>([]);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState<ChargeView | null>(null);
  const [canceling, setCanceling] = useState<ChargeView | null>(null);
  const load = useCallback(async () => {
    const r = await bridge().charges.waiting({});
    if (r.ok) setRows(r.value);
    else setError(describeError(r));
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the service, sets after its answer
    void load();
    // A busy counter changes many charges a second: read again at most twice a second.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = bridge().on('charges:updated', () => {
      timer ??= setTimeout(() => {
        timer = null;
        void load();
      }, 500);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [load]);
  if (!rows.length && !error) return null;
  const cancel = async (c: ChargeView) => {
    setCanceling(null);
    const r = await bridge().charges.cancel({ id: c.id });
    if (!r.ok) setError(describeError(r));
    await load();
  };
  return (
    <section className="waiting-charges" aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t('share.waitingTitle')}</h2>
      {error && <AlertNotice>{error}</AlertNotice>}
      <table className="history">
        <thead>
          <tr>
            <th>{t('share.waitingAmount')}</th>
            <th>{t('cashier.description')}</th>
            <th>{t('share.waitingUntil')}</th>
            <th>{t('share.waitingSent')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map(({ charge, shares }) => (
            <tr key={charge.id}>
              <td>{formatMoney(charge.amountCents)}</td>
              <td>{charge.description ?? ''}</td>
              <td>{formatDateTime(charge.expiresAt)}</td>
              <td>
                {shares.length
                  ? shares
                      .slice(-3)
                      .map((s) =>
                        t('share.sentLine', {
                          via: t(`share.via.${s.via}`),
                          to: s.to ?? t('share.toChosen'),
                          when: formatDateTime(s.at),
                        }),
                      )
                      .join(' · ')
                  : t('share.notSent')}
              </td>
              <td>
                <button type="button" className="btn" onClick={() => setSharing(charge)}>
                  {t('share.resend')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setCanceling(charge)}
                >
                  {t('counter.cancelCharge')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sharing && (
        <ShareChargeDialog
          charge={sharing}
          onClose={() => {
            setSharing(null);
            void load();
          }}
        />
      )}
      {canceling && (
        <ConfirmDialog
          id="waiting-cancel"
          title={t('counter.confirmTitle', { amount: formatMoney(canceling.amountCents) })}
          text={t('counter.confirmText')}
          yes={t('counter.confirmYes')}
          no={t('counter.confirmNo')}
          onYes={() => void cancel(canceling)}
          onNo={() => setCanceling(null)}
        />
      )}
    </section>
  );
}
