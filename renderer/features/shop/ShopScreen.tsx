import { lazy, Suspense, useEffect, useState } from 'react';
import { localDay, type SeriesSpan, type ShopSeriesBy } from '../../../shared/domain/sales-series';
import type { ShopView } from '../../../shared/shop-view';
import { AlertNotice } from '../../components/AlertNotice';
import { TextField } from '../../components/TextField';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { ShopClosing } from './ShopClosing';
import { ShopCounters } from './ShopCounters';
import { ShopSales } from './ShopSales';

/**
 * How often the open screen reads the journal again by itself. New entries are pushed
 * (`shop:changed`, sent when the feed applies them); this only refreshes "Sem notícia há N min"
 * and anything written to the ledger by another process.
 */
const REFRESH_MS = 30_000;

// The charts and their library load after the numbers, in their own chunk.
const ShopSeries = lazy(() => import('./ShopSeries'));

/**
 * Loja (issue 36, Deliver 3): the owner's view across counters, read from the shop journal —
 * every counter's state, the day's sales, the shop's closing, Semana e mês by counter.
 */
export function ShopScreen() {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => localDay(Date.now()));
  const [span, setSpan] = useState<SeriesSpan>('week');
  const [by, setBy] = useState<ShopSeriesBy>('terminal');
  const [view, setView] = useState<{ v: ShopView; at: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A change made here (a counter removed): read again at once.
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let live = true;
    let seen = '';
    // One read at a time; news during a read asks for one more after it (a burst of entries is
    // one or two reads, not one per entry). Drawn again only when the view changed (the chart is
    // not rebuilt for nothing).
    let reading = false;
    let again = false;
    const read = (): void => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void bridge()
        .shop.view({ day, span, by })
        .then((r) => {
          if (!live) return;
          const json = JSON.stringify(r);
          if (json === seen) return;
          seen = json;
          setView(r.ok ? { v: r.value, at: Date.now() } : null);
          setError(r.ok ? null : describeError(r));
        })
        .finally(() => {
          reading = false;
          if (again && live) {
            again = false;
            read();
          }
        });
    };
    read();
    const off = bridge().on('shop:changed', read);
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      live = false;
      off();
      clearInterval(timer);
    };
  }, [day, span, by, changes]);
  return (
    <div className="history-screen shop-screen">
      <h1>{t('shop.title')}</h1>
      <p className="muted">{t('shop.intro')}</p>
      <div className="filters">
        <TextField id="shop-day" label={t('shop.day')} type="date" value={day} onChange={setDay} />
      </div>
      {error && <AlertNotice>{error}</AlertNotice>}
      {!view && !error && <p className="muted">{t('shop.loading')}</p>}
      {view && (
        <>
          <ShopCounters
            counters={view.v.counters}
            now={view.at}
            onChanged={() => setChanges((n) => n + 1)}
          />
          <ShopSales day={day} sales={view.v.sales} />
          {view.v.orphans > 0 && (
            <p className="notice">{t('shop.orphans', { count: view.v.orphans })}</p>
          )}
          <ShopClosing day={day} closing={view.v.closing} />
          <Suspense fallback={<p className="muted">{t('history.seriesLoading')}</p>}>
            <ShopSeries
              day={day}
              span={span}
              by={by}
              buckets={view.v.series}
              onSpan={setSpan}
              onBy={setBy}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}
