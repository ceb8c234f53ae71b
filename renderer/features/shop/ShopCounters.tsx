import type { ShopView } from '../../../shared/shop-view';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

/** Every counter that wrote to the shop journal: its last news, who is on shift. */
export function ShopCounters({ counters, now }: { counters: ShopView['counters']; now: number }) {
  const { t } = useTranslation();
  return (
    <section className="shop-counters" aria-label={t('shop.counters')}>
      <h2>{t('shop.counters')}</h2>
      <table className="history">
        <ColumnHeads columns={[t('shop.terminal'), t('shop.onShift'), t('shop.lastFact')]} />
        <tbody>
          {counters.map((c) => (
            <tr key={c.terminal}>
              <th scope="row">{c.terminal}</th>
              <td>{c.shiftOperator ?? t('shop.nobodyOnShift')}</td>
              <td>
                <span className={c.recent ? 'shop-recent' : 'shop-quiet'}>
                  {c.recent
                    ? t('shop.recent')
                    : t('shop.quiet', { minutes: Math.round((now - c.lastAt) / 60_000) })}
                </span>{' '}
                · {t(`shop.kind_${c.lastKind}`)} · <time>{formatDateTime(c.lastAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('shop.quietNote')}</p>
    </section>
  );
}
