import { useEffect, useState } from 'react';
import { bridge, describeNotice } from './bridge';
import { ConnectionIndicator } from './components/ConnectionIndicator';
import { Nav } from './components/Nav';
import { PaymentNewsList } from './components/PaymentNews';
import { offeredOr } from './components/NotOffered';
import { PinDialog } from './components/PinDialog';
import { BalanceScreen } from './features/account/BalanceScreen';
import { FeesScreen } from './features/account/FeesScreen';
import { CashierScreen } from './features/cashier/CashierScreen';
import { HistoryScreen } from './features/history/HistoryScreen';
import { ConnectFlow } from './features/onboarding/ConnectFlow';
import { InfractionsScreen } from './features/infractions/InfractionsScreen';
import { SettingsScreen } from './features/settings/SettingsScreen';
import { WithdrawScreen } from './features/withdrawals/WithdrawScreen';
import { useTranslation } from './i18n';
import { PdvScreen } from './features/pdv/PdvScreen';
import { HealthScreen } from './features/health/HealthScreen';
import { useHealth } from './stores/health-store';
import { useApp, type Route } from './stores/app-store';
import { useCashier } from './stores/cashier-store';
import { useHistory } from './stores/history-store';
import { usePayments } from './stores/payments-store';
import { useWithdrawals } from './stores/withdrawals-store';

const SCREENS: Record<Route, () => React.JSX.Element | null> = {
  cashier: CashierScreen,
  history: HistoryScreen,
  // What the PSP's kind does not offer says so (the standard API Pix: none of these four).
  balance: offeredOr('balance', BalanceScreen),
  fees: offeredOr('cryptoFees', FeesScreen),
  withdraw: offeredOr('withdrawals', WithdrawScreen),
  infractions: offeredOr('infractions', InfractionsScreen),
  settings: SettingsScreen,
  pdv: PdvScreen,
  health: HealthScreen,
  connect: () => (
    <ConnectFlow firstRun={false} onDone={() => void useApp.getState().go('cashier')} />
  ),
};

export function App() {
  const { t } = useTranslation();
  const app = useApp();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // The charge in progress comes back after a reload or restart, before the Caixa shows: the
    // cashier never starts typing a new sale over one that is about to reappear.
    void useApp
      .getState()
      .load()
      .then(() => useCashier.getState().restore())
      .finally(() => setReady(true));
    // Live updates go to every store that shows them, whichever screen is open.
    const offCharges = bridge().on('charges:updated', (c) => {
      useCashier.getState().onUpdate(c);
      useHistory.getState().onUpdate(c);
    });
    const offWithdrawals = bridge().on('withdrawals:updated', useWithdrawals.getState().onUpdate);
    const offRefunds = bridge().on('refunds:updated', (r) =>
      useHistory.getState().onRefund(r.chargeId),
    );
    const offPaid = bridge().on('charges:paid', (p) => usePayments.getState().onPaid(p.charge));
    // A sale from the shop's PDV: the Caixa comes forward with its QR.
    const offPdv = bridge().on('pdv:sale', (p) => {
      useCashier.getState().adopt(p.charge);
      if (useCashier.getState().charge?.id === p.charge.id) void useApp.getState().go('cashier');
    });
    const offPrefill = bridge().on('pdv:prefill', (p) => {
      if (useCashier.getState().prefill(p.amountCents, p.reference))
        void useApp.getState().go('cashier');
    });
    // Saúde: the cashier's compact indicator and the owner's panel follow the same state.
    void useHealth.getState().load();
    const offHealth = bridge().on('health:changed', (v) => useHealth.getState().set(v));
    return () => {
      offHealth();
      offPrefill();
      offPdv();
      offCharges();
      offPaid();
      offWithdrawals();
      offRefunds();
    };
  }, []);
  const Screen = SCREENS[app.route];
  if (app.info?.firstRun)
    return (
      <main className="app first-run">
        <ConnectFlow firstRun onDone={() => void app.refresh()} />
      </main>
    );
  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">Balcão</span>
        <span className="shop">
          {app.info?.shopName} · {app.info?.terminalName}
        </span>
        {app.info?.mode === 'demo' && <span className="badge-demo">{t('demo')}</span>}
        <ConnectionIndicator connection={app.connection} />
      </header>
      <Nav
        route={app.route}
        go={(r) => void app.go(r)}
        unlocked={app.owner.unlocked}
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
        {ready && <Screen />}
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
