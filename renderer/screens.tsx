import { offeredOr } from './components/NotOffered';
import { preloadQrEncoder } from './components/qr-svg';
import { CashierScreen, Receipt } from './features/cashier/CashierScreen';
import { RefundPanel } from './features/cashier/CounterRefunds';
import { ShareChargeDialog } from './features/share/ShareChargeButton';
import { lazyScreen } from './lazy-screen';
import { useApp, type Route } from './stores/app-store';

// The Caixa is in the first chunk; every other screen is a chunk of its own, fetched on idle
// once the Caixa is up, or when the PIN dialog opens for it (issue 35: the first screen small,
// the owner's screen there the moment the PIN is accepted).
// Histórico and Loja (the owner's books, one chunk: a second one would cost the first load bytes).
const books = () => import('./features/history/HistoryScreen');
const HistoryScreen = lazyScreen(() => books().then((m) => m.HistoryScreen));
const ShopScreen = lazyScreen(() => books().then((m) => m.ShopScreen));
const BalanceScreen = lazyScreen(() =>
  import('./features/account/BalanceScreen').then((m) => m.BalanceScreen),
);
const FeesScreen = lazyScreen(() =>
  import('./features/account/FeesScreen').then((m) => m.FeesScreen),
);
const WithdrawScreen = lazyScreen(() =>
  import('./features/withdrawals/WithdrawScreen').then((m) => m.WithdrawScreen),
);
const InfractionsScreen = lazyScreen(() =>
  import('./features/infractions/InfractionsScreen').then((m) => m.InfractionsScreen),
);
const SettingsScreen = lazyScreen(() =>
  import('./features/settings/SettingsScreen').then((m) => m.SettingsScreen),
);
const PdvScreen = lazyScreen(() => import('./features/pdv/PdvScreen').then((m) => m.PdvScreen));
const HealthScreen = lazyScreen(() =>
  import('./features/health/HealthScreen').then((m) => m.HealthScreen),
);
const OperatorsScreen = lazyScreen(() =>
  import('./features/operators/OperatorsScreen').then((m) => m.OperatorsScreen),
);
/** What stands in the Caixa's place on an owner-only PC: a chunk, the Caixa's first load never
 * carries it (the app opens on Loja's PIN there, which loads its own chunk anyway). */
const OwnerOnlyHome = lazyScreen(() =>
  import('./features/owner-only/OwnerOnlyHome').then((m) => m.OwnerOnlyHome),
);
/** Onboarding: the first run, and Conectar from the menu. */
export const ConnectFlow = lazyScreen(() =>
  import('./features/onboarding/ConnectFlow').then((m) => m.ConnectFlow),
);

const LAZY = {
  history: HistoryScreen,
  balance: BalanceScreen,
  fees: FeesScreen,
  withdraw: WithdrawScreen,
  infractions: InfractionsScreen,
  settings: SettingsScreen,
  pdv: PdvScreen,
  health: HealthScreen,
  operators: OperatorsScreen,
  shop: ShopScreen,
  connect: ConnectFlow,
} satisfies Record<Exclude<Route, 'cashier'>, { preload: () => Promise<unknown> }>;

/** The home screen: the Caixa, or on an owner-only PC what stands in its place (no sale form). */
function Home() {
  return useApp((a) => a.info?.ownerOnly) ? <OwnerOnlyHome /> : <CashierScreen />;
}

export const SCREENS: Record<Route, React.ComponentType> = {
  cashier: Home,
  history: HistoryScreen,
  // What the PSP's kind does not offer says so (the standard API Pix: none of these four).
  balance: offeredOr('balance', BalanceScreen),
  fees: offeredOr('cryptoFees', FeesScreen),
  withdraw: offeredOr('withdrawals', WithdrawScreen),
  infractions: offeredOr('infractions', InfractionsScreen),
  settings: SettingsScreen,
  pdv: PdvScreen,
  health: HealthScreen,
  operators: OperatorsScreen,
  shop: ShopScreen,
  connect: () => (
    <ConnectFlow firstRun={false} onDone={() => void useApp.getState().go('cashier')} />
  ),
};

/** Fetches a screen's chunk ahead of its first use (a no-op once fetched, or for the Caixa). */
export function preloadScreen(route: Route): void {
  if (route !== 'cashier') void LAZY[route].preload().catch(() => {});
}

/** Every screen, when the browser is idle: the Caixa first, the rest without a wait later. */
export function preloadAllWhenIdle(): () => void {
  const run = () => {
    void preloadQrEncoder().catch(() => {});
    for (const part of [Receipt, ShareChargeDialog, RefundPanel])
      void part.preload().catch(() => {});
    (Object.keys(LAZY) as Array<keyof typeof LAZY>).forEach(preloadScreen);
  };
  if (typeof requestIdleCallback !== 'function') {
    const t = setTimeout(run, 1000);
    return () => clearTimeout(t);
  }
  const id = requestIdleCallback(run, { timeout: 3000 });
  return () => cancelIdleCallback(id);
}
