import { useEffect, useState, type FormEvent } from 'react';
import { parseMoney } from '../../../shared/domain/money';
import { formatMoney } from '../../i18n/money';
import {
  maskPixKey,
  PIX_KEY_TYPES,
  parsePixKey,
  type PixKeyType,
} from '../../../shared/domain/pix-key';
import { bridge, describeError } from '../../bridge';
import { PinDialog } from '../../components/PinDialog';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useWithdrawals } from '../../stores/withdrawals-store';
import { WithdrawalHistory } from './WithdrawalHistory';

/** What the review shows, frozen when `Revisar saque` was pressed. */
interface Review {
  amountCents: number;
  type: PixKeyType;
  key: string;
  description: string;
  /** The available balance read for the review; null when the PSP did not answer. */
  availableCents: number | null;
}

/** Saque PIX: key, amount, description → a frozen review → the PIN again → the withdrawal, followed live. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<PixKeyType>('EVP');
  const [key, setKey] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [review, setReview] = useState<Review | null>(null);
  const [askPin, setAskPin] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { error, load, create, setError } = useWithdrawals();
  useEffect(() => {
    void load();
  }, [load]);
  const check = async (e: FormEvent) => {
    e.preventDefault();
    const cents = parseMoney(amount, { positive: true });
    const k = parsePixKey(type, key);
    if (!cents.ok) return setError(describeError(cents));
    if (!k.ok) return setError(describeError(k));
    setError(null);
    setDone(null);
    const balance = await bridge().account.balance({});
    const available = balance.ok
      ? (balance.value.fields.find((f) => f.key === 'available') ?? balance.value.fields[0])
      : undefined;
    setReview({
      amountCents: cents.value,
      type,
      key: k.value,
      description: description.trim(),
      availableCents: available ? available.cents : null,
    });
  };
  const confirm = async (pin: string): Promise<string | null> => {
    const unlocked = await bridge().owner.unlock({ pin });
    if (!unlocked.ok) return describeError(unlocked);
    setAskPin(false);
    const r = review!;
    const sent = await create({
      amountCents: r.amountCents,
      pixKeyType: r.type,
      pixKey: r.key,
      ...(r.description && { description: r.description }),
    });
    setReview(null);
    if (sent) {
      setDone(sent);
      setKey('');
      setAmount('');
      setDescription('');
    }
    return null;
  };
  return (
    <div className="owner-screen">
      <h1>{t('nav.withdraw')}</h1>
      {done && (
        <p role="status" className="success">
          {t('withdraw.sent', { id: done })}
        </p>
      )}
      <form onSubmit={(e) => void check(e)} className="stack">
        <fieldset disabled={!!review} className="plain-fieldset">
          <div className="field">
            <label htmlFor="wd-type">{t('withdraw.keyType')}</label>
            <select
              id="wd-type"
              value={type}
              onChange={(e) => setType(e.target.value as PixKeyType)}
            >
              {PIX_KEY_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`pixKeyTypes.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField id="wd-key" label={t('withdraw.key')} value={key} onChange={setKey} />
          <TextField
            id="wd-amount"
            label={t('withdraw.amount')}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
          />
          <TextField
            id="wd-desc"
            label={t('withdraw.description')}
            maxLength={140}
            value={description}
            onChange={setDescription}
          />
        </fieldset>
        {error && <p role="alert">{error}</p>}
        {!review && (
          <button type="submit" className="btn btn-primary">
            {t('withdraw.review')}
          </button>
        )}
      </form>
      {review && (
        <section role="region" aria-label={t('withdraw.confirmRegion')} className="confirm">
          <h2>{t('withdraw.confirmRegion')}</h2>
          <dl className="detail-list">
            <div>
              <dt>{t('withdraw.amount')}</dt>
              <dd>{formatMoney(review.amountCents)}</dd>
            </div>
            <div>
              <dt>{t('withdraw.fee')}</dt>
              <dd>{t('withdraw.feeUnknown')}</dd>
            </div>
            <div>
              <dt>{t('withdraw.balanceAfter')}</dt>
              <dd>
                {review.availableCents === null
                  ? t('withdraw.balanceUnknown')
                  : formatMoney(review.availableCents - review.amountCents)}
              </dd>
            </div>
            <div>
              <dt>{t('withdraw.destination')}</dt>
              <dd>
                {t(`pixKeyTypes.${review.type}`)} {maskPixKey(review.key)}
              </dd>
            </div>
            {review.description && (
              <div>
                <dt>{t('withdraw.description')}</dt>
                <dd>{review.description}</dd>
              </div>
            )}
          </dl>
          {review.availableCents !== null && review.availableCents < review.amountCents && (
            <p role="alert">{t('withdraw.overBalance')}</p>
          )}
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => setAskPin(true)}>
              {t('withdraw.confirm')}
            </button>
            <button type="button" className="btn" onClick={() => setReview(null)}>
              {t('withdraw.edit')}
            </button>
          </div>
        </section>
      )}
      {askPin && (
        <PinDialog
          hasPin
          onUnlock={confirm}
          onSetPin={async () => null}
          onCancel={() => setAskPin(false)}
        />
      )}
      <WithdrawalHistory />
    </div>
  );
}
