import { useState } from 'react';
import { shopAgainstPsp } from '../../../shared/domain/shop-day';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';

/**
 * The reconciliation line: what the counters say the shop received this day against the PSP's
 * list of received PIX (where the PSP lists them; otherwise its answer says so in words).
 */
export function ShopPspCheck({ day, shopCents }: { day: string; shopCents: number }) {
  const { t } = useTranslation();
  const [line, setLine] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    const r = await bridge().history.checkWithPsp({ day });
    setBusy(false);
    if (!r.ok) return setLine({ text: describeError(r), ok: false });
    const c = shopAgainstPsp(shopCents, r.value);
    const words = {
      shop: formatMoney(c.shopCents),
      psp: formatMoney(c.pspCents),
      count: c.pspCount,
      diff: formatMoney(Math.abs(c.differenceCents)),
    };
    setLine(
      c.differenceCents === 0
        ? { text: t('shop.pspAgrees', words), ok: true }
        : {
            text: t(c.differenceCents > 0 ? 'shop.pspMore' : 'shop.pspLess', words),
            ok: false,
          },
    );
  };
  return (
    <div className="shop-psp-check">
      <button type="button" className="btn" disabled={busy} onClick={() => void check()}>
        {t('shop.pspCheck')}
      </button>
      {line && (
        <p role="status" className={line.ok ? 'shop-psp-ok' : 'notice'}>
          {line.text}
        </p>
      )}
    </div>
  );
}
