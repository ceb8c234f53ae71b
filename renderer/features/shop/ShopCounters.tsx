import { useState } from 'react';
import type { ShopView } from '../../../shared/shop-view';
import { bridge, describeError } from '../../bridge';
import { AlertNotice } from '../../components/AlertNotice';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

/**
 * Every counter that wrote to the shop journal: its last news, who is on shift; and `Remover`
 * (a lost or sold PC): after the owner confirms, what it wrote stays in the figures and anything
 * it writes later is refused (electron/services/journal/removal.ts).
 */
export function ShopCounters({
  counters,
  now,
  onChanged,
}: {
  counters: ShopView['counters'];
  now: number;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<{ terminal: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async (terminal: string) => {
    setAsking(null);
    const r = await bridge().shop.removeTerminal({ terminal });
    setError(r.ok ? null : describeError(r));
    onChanged();
  };
  return (
    <section className="shop-counters" aria-label={t('shop.counters')}>
      <h2>{t('shop.counters')}</h2>
      {error && <AlertNotice>{error}</AlertNotice>}
      <table className="history">
        <ColumnHeads
          columns={[t('shop.terminal'), t('shop.onShift'), t('shop.lastFact'), t('shop.actions')]}
        />
        <tbody>
          {counters.map((c) => (
            <tr key={c.terminal} className={c.removed ? 'shop-removed' : undefined}>
              <th scope="row" title={c.terminal}>
                {c.name}
              </th>
              <td>{c.removed ? '—' : (c.shiftOperator ?? t('shop.nobodyOnShift'))}</td>
              <td>
                <span className={c.removed ? 'shop-gone' : c.recent ? 'shop-recent' : 'shop-quiet'}>
                  {c.removed
                    ? t('shop.removed')
                    : c.recent
                      ? t('shop.recent')
                      : t('shop.quiet', { minutes: Math.round((now - c.seenAt) / 60_000) })}
                </span>{' '}
                · {t(`shop.kind_${c.lastKind}`)} · <time>{formatDateTime(c.lastAt)}</time>
              </td>
              <td>
                {!c.removed && (
                  <button
                    type="button"
                    className="btn small"
                    aria-label={t('shop.removeOne', { terminal: c.name })}
                    onClick={() => setAsking({ terminal: c.terminal, name: c.name })}
                  >
                    {t('shop.remove')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('shop.quietNote')}</p>
      {asking && (
        <ConfirmDialog
          id="shop-remove"
          title={t('shop.removeTitle', { terminal: asking.name })}
          text={t('shop.removeText')}
          yes={t('shop.removeYes')}
          no={t('shop.removeNo')}
          onYes={() => void remove(asking.terminal)}
          onNo={() => setAsking(null)}
        />
      )}
    </section>
  );
}
