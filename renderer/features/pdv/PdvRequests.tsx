import { ColumnHeads } from '../../components/ColumnHeads';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { formatMoney } from '../../i18n/money';
import type { PdvOverview } from '../../stores/pdv-store';

/** The PDV's last requests: when, what, for how much, how it stands, and the answer written. */
export function PdvRequests({ requests }: { requests: PdvOverview['requests'] | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('pdv.requests')}</h2>
      <table className="table">
        <ColumnHeads
          columns={['at', 'command', 'identifier', 'amount', 'state', 'message'].map((c) =>
            t(`pdv.col.${c}`),
          )}
        />
        <tbody>
          {requests?.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.createdAt)}</td>
              <td>{r.command}</td>
              <td>{r.identifier}</td>
              <td>{r.amountCents !== undefined ? formatMoney(r.amountCents) : ''}</td>
              <td>
                {t(`pdv.states.${r.state}`)}
                {r.refundReason && ` — ${t('pdv.refund')}`}
              </td>
              <td>
                {r.message}
                {r.answer && (
                  <details>
                    <summary>{t('pdv.answer')}</summary>
                    <pre>{r.answer}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
