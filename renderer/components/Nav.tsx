import { useTranslation } from '../i18n';
import type { Route } from '../stores/app-store';

/**
 * Each screen: its name, and a shorter one shown in the menu when the name is long (the full name
 * stays the button's accessible name and title), so the owner's menu is one line at 1024 px.
 */
const ITEMS: Array<[Route, string, string?]> = [
  ['cashier', 'nav.cashier'],
  ['history', 'nav.history'],
  ['shop', 'nav.shop'],
  ['balance', 'nav.balance'],
  ['fees', 'nav.fees'],
  ['withdraw', 'nav.withdraw'],
  ['infractions', 'nav.infractions', 'nav.infractionsShort'],
  ['pdv', 'nav.pdv', 'nav.pdvShort'],
  ['health', 'nav.health'],
  ['operators', 'nav.operators'],
  ['settings', 'nav.settings'],
];

/** What only makes sense at a counter: off the menu of an owner-only PC. */
const COUNTER_ONLY: ReadonlySet<Route> = new Set(['cashier', 'pdv']);

export function Nav({
  route,
  go,
  unlocked,
  lock,
  operators = false,
  shop = false,
  ownerOnly = false,
}: {
  route: Route;
  go(r: Route): void;
  unlocked: boolean;
  lock(): void;
  /** Operadores is offered once the shop has operators, or to the owner unlocked (issue 36). */
  operators?: boolean;
  /** Loja: only once the shop journal told this Balcão something (a one-counter shop: never). */
  shop?: boolean;
  /**
   * An owner-only PC (`Este computador: Só proprietário`): no Caixa and no Integração com o PDV
   * (both only ever hand sales to a counter, and this PC refuses them); Loja always, it is what
   * this PC is for. Histórico stays: the sales it rang before, their reprints and refunds.
   */
  ownerOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className="nav">
      {ITEMS.filter(
        ([r]) =>
          (r !== 'operators' || operators || unlocked) &&
          (r !== 'shop' || shop || ownerOnly) &&
          !(ownerOnly && COUNTER_ONLY.has(r)),
      ).map(([r, key, short]) => (
        <button
          key={r}
          type="button"
          className="nav-item"
          aria-current={
            route === r || (route === 'connect' && r === 'settings') ? 'page' : undefined
          }
          {...(short && { 'aria-label': t(key), title: t(key) })}
          onClick={() => go(r)}
        >
          {t(short ?? key)}
        </button>
      ))}
      {unlocked && (
        <button type="button" className="nav-item nav-lock" onClick={lock}>
          {t('owner.lock')}
        </button>
      )}
    </nav>
  );
}
