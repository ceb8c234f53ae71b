import { amountDifference } from '../../components/charge-status-label';
import { formatMoney } from '../../i18n/money';
import { useApp } from '../../stores/app-store';
import { useCashier } from '../../stores/cashier-store';
import { ChargePanel } from './ChargePanel';
import { ChargeStatus } from './ChargeStatus';

/** The charge's live status, and the charge itself (or, before one, the amount as typed). */
export function ChargeSide() {
  const info = useApp((s) => s.info);
  const connection = useApp((s) => s.connection);
  const c = useCashier();
  // Callbacks cannot arrive: the PSP is unreachable or no callback source is connected.
  const offline =
    connection !== null && (connection.psp === 'unreachable' || connection.state === 'offline');
  return (
    <div className="cashier-side">
      <ChargeStatus
        status={c.busy ? 'SUBMITTING' : (c.charge?.status ?? null)}
        tone={c.busy || !c.charge ? undefined : amountDifference(c.charge)?.tone}
      />
      {c.charge ? (
        <ChargePanel
          charge={c.charge}
          demo={info?.mode === 'demo'}
          offline={offline}
          onNew={c.startOver}
          onCancel={c.askCancel}
          onSimulate={() => void c.simulate()}
          onRecheck={() => void c.recheck()}
        />
      ) : (
        <div className="charge-empty" aria-hidden="true">
          <p className="big-amount">{formatMoney(c.form.amountCents)}</p>
        </div>
      )}
    </div>
  );
}
