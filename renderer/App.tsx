import { Suspense, useEffect, useState } from 'react';
import { bridge, describeNotice } from './bridge';
import { ConnectionIndicator } from './components/ConnectionIndicator';
import { Nav } from './components/Nav';
import { PaymentNewsList } from './components/PaymentNews';
import { PinDialog } from './components/PinDialog';
import { useTranslation } from './i18n';
import { useIdleLock } from './features/operators/use-idle-lock';
import { ConnectFlow, preloadAllWhenIdle, preloadScreen, SCREENS } from './screens';
import { useHealth } from './stores/health-store';
import { useApp } from './stores/app-store';
import { useCashier } from './stores/cashier-store';
import { useOperators } from './stores/operators-store';
import { usePayments } from './stores/payments-store';

// The owner's stores are chunks of their own (the Caixa's first load stays small, issue 35): an
// update is handed over once the store's module is in (the same import, so in arrival order);
// their screens load fresh when opened, so nothing they show is missed.
const history = () => import('./stores/history-store').then((m) => m.useHistory.getState());
const withdrawals = () =>
  import('./stores/withdrawals-store').then((m) => m.useWithdrawals.getState());

/** Live updates go to every store that shows them, whichever screen is open: for the page's life. */
function listen() {
  bridge().on('charges:updated', (c) => {
    useCashier.getState().onUpdate(c);
    void history().then((h) => h.onUpdate(c));
  });
  bridge().on('withdrawals:updated', (w) => void withdrawals().then((s) => s.onUpdate(w)));
  bridge().on('refunds:updated', (r) => void history().then((h) => h.onRefund(r.chargeId)));
  bridge().on('charges:paid', (p) => usePayments.getState().onPaid(p.charge));
  // A sale from the shop's PDV: the Caixa comes forward with its QR.
  bridge().on('pdv:sale', (p) => {
    useCashier.getState().adopt(p.charge);
    if (useCashier.getState().charge?.id === p.charge.id) void useApp.getState().go('cashier');
  });
  bridge().on('pdv:prefill', (p) => {
    if (useCashier.getState().prefill(p.amountCents, p.reference, p.waitsForPayer))
      void useApp.getState().go('cashier');
  });
  bridge().on('health:changed', (v) => useHealth.getState().set(v));
}

let loading: Promise<unknown> | undefined;
/**
 * What the Caixa needs before it shows, asked for at once, in one round trip: the shell (app
 * info, owner, settings), the charge in progress (it comes back after a reload or restart
 * before the Caixa shows: the cashier never starts typing a new sale over one about to
 * reappear), and Saúde's state (the cashier's indicator and the owner's panel). `main.tsx`
 * calls it before React's first render, so the host answers while that render and its paint
 * run (issue 35: an old PC's navigation → interactive); the App's effect awaits the same calls.
 */
export function startLoading() {
  if (!loading) {
    listen(); // before any answer: no update to the charge in progress can be missed
    void useHealth.getState().load(); // not waited for: the Caixa shows without it
  }
  return (loading ??= Promise.allSettled([
    useApp.getState().load(),
    useCashier.getState().restore(),
  ]));
}

export function App() {
  const { t } = useTranslation();
  const app = useApp();
  // A shop without operators keeps its menu as it was; the owner unlocked always finds Operadores.
  const operatorsEnabled = useOperators((s) => s.enabled);
  const [ready, setReady] = useState(false);
  // Optional, with operators only: back to "Quem está no caixa?" after N idle minutes.
  useIdleLock();
  useEffect(() => {
    void startLoading().finally(() => setReady(true));
  }, []);
  // Once the Caixa is up, the other screens' chunks are fetched while the counter is idle.
  useEffect(() => (ready ? preloadAllWhenIdle() : undefined), [ready]);
  // The PIN dialog opened for a screen: fetch it now, it must be there when the PIN is accepted.
  useEffect(() => {
    if (app.pinFor) preloadScreen(app.pinFor);
  }, [app.pinFor]);
  const Screen = SCREENS[app.route];
  if (app.info?.firstRun)
    return (
      <main className="app first-run">
        <Suspense fallback={null}>
          <ConnectFlow firstRun onDone={() => void app.refresh()} />
        </Suspense>
      </main>
    );
  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">Balcão</span>
        <span
          className="shop"
          title={`${app.info?.shopName ?? ''} · ${app.info?.terminalName ?? ''}`}
        >
          {app.info?.shopName} · {app.info?.terminalName}
        </span>
        {app.info?.mode === 'demo' && <span className="badge-demo">{t('demo')}</span>}
        <ConnectionIndicator connection={app.connection} />
      </header>
      <Nav
        route={app.route}
        go={(r) => void app.go(r)}
        unlocked={app.owner.unlocked}
        operators={operatorsEnabled}
        shop={!!app.info?.shopJournal}
        ownerOnly={!!app.info?.ownerOnly}
        lock={() => void app.lock()}
      />
      <main className="content">
        {app.info?.keychainMissing && (
          <div className="banner banner-error" role="alert">
            {t('onboarding.keychainMissing')}
          </div>
        )}
        <PaymentNewsList />
        {app.notices.map((n) => (
          <div key={n.id} className={`banner banner-${n.level}`} role="alert">
            {describeNotice(n)}
            <button type="button" className="btn btn-small" onClick={() => app.dismiss(n.id)}>
              OK
            </button>
          </div>
        ))}
        <Suspense fallback={null}>{ready && <Screen />}</Suspense>
      </main>
      {app.pinFor && (
        <PinDialog
          hasPin={app.owner.hasPin}
          onUnlock={app.unlock}
          onSetPin={app.setFirstPin}
          onCancel={app.closePin}
        />
      )}
    </div>
  );
}
