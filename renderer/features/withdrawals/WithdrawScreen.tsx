import { useEffect, useState } from 'react';
import { parseMoney } from '../../../shared/domain/money';
import { parsePixKey } from '../../../shared/domain/pix-key';
import { bridge, describeError } from '../../bridge';
import { PinDialog } from '../../components/PinDialog';
import { useTranslation } from '../../i18n';
import { useWithdrawals } from '../../stores/withdrawals-store';
import { WithdrawalForm, type WithdrawalDraft } from './WithdrawalForm';
import { WithdrawalHistory } from './WithdrawalHistory';
import { WithdrawalReview, type Review } from './WithdrawalReview';

const EMPTY: WithdrawalDraft = { type: 'EVP', key: '', amount: '', description: '' };

/** Saque PIX: key, amount, description → a frozen review → the PIN again → the withdrawal, followed live. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [review, setReview] = useState<Review | null>(null);
  const [askPin, setAskPin] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { error, load, create, setError } = useWithdrawals();
  useEffect(() => {
    void load();
  }, [load]);
  const check = async () => {
    const { type, key, amount, description } = draft;
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
      // The key type stays as chosen.
      setDraft((d) => ({ ...EMPTY, type: d.type }));
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
      <WithdrawalForm
        draft={draft}
        edit={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        reviewing={!!review}
        error={error}
        onReview={() => void check()}
      />
      {review && (
        <WithdrawalReview
          review={review}
          onConfirm={() => setAskPin(true)}
          onCancel={() => setReview(null)}
        />
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
