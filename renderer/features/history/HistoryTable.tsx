import type { ChargeState } from '../../../shared/domain/charge-state';
import type { HistoryRow } from '../../../shared/history';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useTranslation } from '../../i18n';
import { useOperators } from '../../stores/operators-store';
import { HistoryChargeRow } from './HistoryChargeRow';
import { HistoryFilters } from './HistoryFilters';

interface Props {
  day: string;
  status: ChargeState | '';
  text: string;
  rows: HistoryRow[];
  onDay(d: string): void;
  onStatus(s: ChargeState | ''): void;
  onText(t: string): void;
  onDetail(c: HistoryRow): void;
  onPrint(c: HistoryRow): void;
}

/** One page of the day's charges, newest first, with the day, status and text filters. */
export function HistoryTable(p: Props) {
  const { t } = useTranslation();
  // Who rang each sale, only in a shop with operators (the table is unchanged without them).
  const withOperator = useOperators((s) => s.enabled);
  return (
    <>
      <HistoryFilters {...p} />
      {p.rows.length === 0 ? (
        <p className="empty">{t('history.empty')}</p>
      ) : (
        <table className="history">
          <ColumnHeads
            columns={[
              t('history.time'),
              t('history.status'),
              t('history.amount'),
              t('history.received'),
              t('history.fee'),
              t('history.net'),
              t('history.chargeId'),
              { label: t('history.pspId'), className: 'col-psp-id' },
              t('history.payer'),
              ...(withOperator
                ? [{ label: t('history.operator'), className: 'col-operator' }]
                : []),
              { label: t('history.actions'), srOnly: true },
            ]}
          />
          <tbody>
            {p.rows.map((c) => (
              <HistoryChargeRow
                key={c.id}
                c={c}
                withOperator={withOperator}
                onDetail={p.onDetail}
                onPrint={p.onPrint}
              />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
