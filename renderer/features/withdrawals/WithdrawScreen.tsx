import { useEffect, useState, type FormEvent } from 'react';
import { formatBRL, parseMoney } from '../../../shared/domain/money';
import { PIX_KEY_TYPES, parsePixKey, type PixKeyType } from '../../../shared/domain/pix-key';
import { describeError } from '../../bridge';
import { TextField } from '../../components/TextField';
import { i18next, useTranslation } from '../../i18n';
import { useWithdrawals } from '../../stores/withdrawals-store';

/** A withdrawal's notice code in words: ours, else the PSP error's. */
function describeWithdrawalNotice(code: string): string {
  const key = `withdrawalNotices.${code}`;
  if (i18next.exists(key)) return i18next.t(key);
  const reason = `chargeNoticeReasons.${code}`;
  return i18next.exists(reason) ? i18next.t(reason) : describeError({ code, message: code });
}

/** Saque PIX: key, amount, description → a confirmation summary → the withdrawal, followed live. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<PixKeyType>('EVP');
  const [key, setKey] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [review, setReview] = useState(false);
  const { list, error, load, create, setError } = useWithdrawals();
  useEffect(() => {
    void load();
  }, [load]);
  const cents = parseMoney(amount, { positive: true });
  const check = (e: FormEvent) => {
    e.preventDefault();
    const k = parsePixKey(type, key);
    if (!cents.ok) return setError(describeError(cents));
    if (!k.ok) return setError(describeError(k));
    setError(null);
    setReview(true);
  };
  const confirm = async () => {
    if (!cents.ok) return;
    const sent = await create({
      amountCents: cents.value,
      pixKeyType: type,
      pixKey: key,
      ...(description.trim() && { description: description.trim() }),
    });
    setReview(false);
    if (!sent) return;
    setKey('');
    setAmount('');
    setDescription('');
  };
  return (
    <div className="owner-screen">
      <h1>{t('nav.withdraw')}</h1>
      <form onSubmit={check} className="stack">
        <div className="field">
          <label htmlFor="wd-type">{t('withdraw.keyType')}</label>
          <select id="wd-type" value={type} onChange={(e) => setType(e.target.value as PixKeyType)}>
            {PIX_KEY_TYPES.map((k) => (
              <option key={k}>{k}</option>
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
        {error && <p role="alert">{error}</p>}
        {!review && (
          <button type="submit" className="btn btn-primary">
            {t('withdraw.review')}
          </button>
        )}
      </form>
      {review && cents.ok && (
        <section role="region" aria-label={t('withdraw.confirmRegion')} className="confirm">
          <p>{t('withdraw.confirmText', { amount: formatBRL(cents.value), type, key })}</p>
          <button type="button" className="btn btn-primary" onClick={() => void confirm()}>
            {t('withdraw.confirm')}
          </button>
          <button type="button" className="btn" onClick={() => setReview(false)}>
            {t('owner.cancel')}
          </button>
        </section>
      )}
      <ul className="plain-list">
        {list.map((w) => (
          <li key={w.id}>
            {new Date(w.createdAt).toLocaleString('pt-BR')} · {formatBRL(w.amountCents)} ·{' '}
            {w.pixKeyType} {w.pixKeyMasked} · <strong>{t(`withdrawalStatus.${w.status}`)}</strong>
            {w.notice && <span> — {describeWithdrawalNotice(w.notice.code)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
