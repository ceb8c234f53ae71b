import type { ShopView } from '../../../shared/shop-view';
import { useTranslation } from '../../i18n';
import { SectionTable } from '../history/DayClosing';
import { partName } from '../history/closing-csv';
import { ShopPspCheck } from './ShopPspCheck';

/**
 * Fechamento across counters: the shop (the sum of its terminals), then each terminal (the sum
 * of its operators) and its operators, with the lines that are not zero.
 */
export function ShopClosing({ day, closing }: { day: string; closing: ShopView['closing'] }) {
  const { t } = useTranslation();
  return (
    <section className="closing shop-closing" aria-label={t('shop.closing')}>
      <h2>{t('shop.closing')}</h2>
      <div className="shop-closing-terminals">
        <SectionTable title={t('shop.closingShop')} s={closing.shop} every={false} />
        {closing.terminals.map((term) => {
          // One operator: her name on the counter's block (her own would repeat it line by line).
          const only = term.operators.length === 1 ? term.operators[0]! : null;
          return (
            <div key={term.terminal} className="shop-closing-terminal">
              <SectionTable
                title={
                  t('shop.closingTerminal', { name: term.name }) +
                  (only ? ` — ${partName({ operatorName: only.name }, t)}` : '')
                }
                s={term.live}
                every={false}
              />
              {!only &&
                term.operators.map((o) => (
                  <SectionTable
                    key={o.operatorId ?? ''}
                    title={partName({ operatorName: o.name }, t)}
                    s={o.live}
                    every={false}
                  />
                ))}
            </div>
          );
        })}
      </div>
      <ShopPspCheck day={day} shopCents={closing.shop.received.amountCents} />
    </section>
  );
}
