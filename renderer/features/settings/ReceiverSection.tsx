import { useReadOnce } from '../../components/read-once';
import { useState } from 'react';
import type { ReceiverPinView } from '../../../shared/views';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

type Pinned = NonNullable<ReceiverPinView['pinned']>;
const who = (r: Pinned['receiver']) =>
  `${r.merchantName} — ${r.merchantCity} — ${r.key ?? r.host ?? '?'}`;

/**
 * `Recebedor`: who the PSP's QR codes pay, learned from the first code (issue 21). The owner
 * confirms it, sees any code refused for paying someone else, and re-pins after a real change.
 */
export function ReceiverSection() {
  const { t } = useTranslation();
  const [pin, setPin] = useState<ReceiverPinView['pinned']>(null);
  const [message, setMessage] = useState<string | null>(null);
  useReadOnce(
    () => bridge().receiver.status({}),
    (r) => r.ok && setPin(r.value.pinned),
  );
  const act = async (which: 'confirm' | 'repin') => {
    const r = await bridge().receiver[which]({});
    if (!r.ok) return setMessage(describeError(r));
    setPin(r.value.pinned);
    setMessage(t(`receiver.${which}ed`));
  };
  return (
    <section className="stack" aria-label={t('receiver.title')}>
      <h2>{t('receiver.title')}</h2>
      <p>{t('receiver.note')}</p>
      {!pin && <p data-testid="receiver-none">{t('receiver.none')}</p>}
      {pin && (
        <>
          <p data-testid="receiver-pinned">
            {who(pin.receiver)}{' '}
            <strong>{pin.confirmed ? t('receiver.confirmedTag') : t('receiver.toReview')}</strong>
          </p>
          {!pin.confirmed && (
            <button type="button" className="btn" onClick={() => void act('confirm')}>
              {t('receiver.confirm')}
            </button>
          )}
          {pin.refused && (
            <div role="alert" className="stack">
              <p data-testid="receiver-refused">
                {t('receiver.refused', {
                  count: pin.refused.count,
                  who: who(pin.refused.receiver),
                  at: formatDateTime(pin.refused.at),
                })}
              </p>
              <button type="button" className="btn" onClick={() => void act('repin')}>
                {t('receiver.repin')}
              </button>
            </div>
          )}
        </>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
