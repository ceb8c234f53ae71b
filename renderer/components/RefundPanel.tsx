import { useCallback, useEffect, useState } from 'react';
import { parseMoney } from '../../shared/domain/money';
import { parsePixKey } from '../../shared/domain/pix-key';
import type { ChargeRefunds, RefundView } from '../../shared/refunds';
import { bridge, describeError } from '../bridge';
import { PinDialog } from './PinDialog';
import { refundReceipt } from './refund-receipt';
import { RefundForm, type RefundDraft } from './RefundForm';
import { RefundPaper } from './RefundPaper';
import { RefundsTable } from './RefundsTable';
import { printClosing, printedHeightMm } from '../features/receipt/print';
import { printPage } from '../print';
import { useTranslation } from '../i18n';

/**
 * Devolver, on a paid sale: full or partial (what is left by default), behind the owner's PIN
 * every time, then each devolução with its live status (EM_PROCESSAMENTO → DEVOLVIDO).
 */
export function RefundPanel({ chargeId }: { chargeId: string }) {
  const { t } = useTranslation();
  const [data, setData] = useState<ChargeRefunds | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [askPin, setAskPin] = useState<number | null>(null);
  // DEMO tried first has no owner PIN yet: the gate sets one (typed twice) instead of failing.
  const [hasPin, setHasPin] = useState(true);
  // The family kind: the money goes back by a withdrawal to the key the owner types.
  const [draft, setDraft] = useState<RefundDraft>({ amount: '', keyType: 'CPF', key: '' });
  // The receipt on paper: ESC/POS when configured, else this print area and the host's print.
  const [paper, setPaper] = useState<RefundView | null>(null);
  useEffect(() => {
    if (!paper) return;
    void printPage(printedHeightMm()).then((r) => !r.ok && setError(describeError(r)));
  }, [paper]);
  const load = useCallback(async () => {
    const [r, owner] = await Promise.all([
      bridge().refunds.forCharge({ chargeId }),
      bridge().owner.status({}),
    ]);
    if (owner.ok) setHasPin(owner.value.hasPin);
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
  const submit = () => {
    const { amount, keyType, key } = draft;
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
            pixKeyType: draft.keyType,
            pixKey: draft.key,
          })
        : await bridge().refunds.request({ chargeId, amountCents: cents });
    if (!r.ok) setError(describeError(r));
    else setDraft((d) => ({ ...d, amount: '' }));
    await load();
    return null;
  };
  return (
    <section aria-labelledby="refund-title" className="refunds">
      <h3 id="refund-title">{t('refunds.title')}</h3>
      {data.refunds.length > 0 && (
        <RefundsTable refunds={data.refunds} onPrint={(r) => void print(r)} />
      )}
      {data.refundableCents > 0 ? (
        <RefundForm
          data={data}
          draft={draft}
          edit={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          onRefund={submit}
        />
      ) : (
        <p>{t('refunds.nothingLeft')}</p>
      )}
      {error && <p role="alert">{error}</p>}
      {paper && <RefundPaper refund={paper} data={data} />}
      {askPin !== null && (
        <PinDialog
          hasPin={hasPin}
          onUnlock={send}
          onSetPin={async (pin) => {
            const set = await bridge().owner.setPin({ newPin: pin });
            if (!set.ok) return describeError(set);
            setHasPin(true);
            return send(pin);
          }}
          onCancel={() => setAskPin(null)}
        />
      )}
    </section>
  );
}
