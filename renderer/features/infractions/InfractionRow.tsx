import type { CallOutput } from '../../../shared/ipc-contract';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { formatDate } from '../../i18n/dates';
import { infractionRow } from './view';
import { reasonWords } from './reason-words';

type Item = CallOutput<'infractions:list'>['items'][number];

/**
 * One infraction in the table: when, how much, why, the transaction, its status, the deadline
 * to defend it, and its buttons; one waiting on the shop stands out.
 */
export function InfractionRow({
  i,
  now,
  onDetails,
  onDefend,
}: {
  i: Item;
  /** The time the deadlines are measured from. */
  now: number;
  onDetails(): void;
  onDefend(): void;
}) {
  const { t } = useTranslation();
  const date = (d?: Date) => (d ? formatDate(d.getTime()) : '—');
  const r = infractionRow(i.status, i.fields, now);
  const waiting = r.statusKey === 'waiting' && !i.defended;
  return (
    <tr className={waiting ? 'needs-action' : undefined}>
      <td>{date(r.createdAt)}</td>
      <td className="num">{r.amountCents !== undefined ? formatMoney(r.amountCents) : '—'}</td>
      <td>{r.reason !== undefined ? reasonWords(r.reason) : '—'}</td>
      <td className="mono" title={r.transaction}>
        {r.transaction ? `${r.transaction.slice(0, 8)}…` : '—'}
      </td>
      <td>
        <span className={`badge-status inf-${r.statusKey ?? 'other'}`}>
          {i.defended && r.statusKey === 'waiting'
            ? t('infractions.status.defended')
            : r.statusKey
              ? t(`infractions.status.${r.statusKey}`)
              : r.statusRaw}
        </span>
      </td>
      <td>
        {r.deadline && !i.defended && (
          <>
            {date(r.deadline.at)} ·{' '}
            {r.deadline.daysLeft >= 0
              ? t('infractions.daysLeft', { count: r.deadline.daysLeft })
              : t('infractions.overdue')}
            {r.deadline.estimated && <span className="muted"> ({t('infractions.estimated')})</span>}
          </>
        )}
      </td>
      <td>
        <div className="actions">
          <RowButton
            text={t('infractions.details')}
            name={t('infractions.detailsOf', { id: i.infractionId })}
            onClick={onDetails}
          />
          {waiting && (
            <RowButton
              primary
              text={t('infractions.defend')}
              name={t('infractions.defendThis', { id: i.infractionId })}
              onClick={onDefend}
            />
          )}
        </div>
      </td>
    </tr>
  );
}

/** A row's button: its short text, and a name that says which infraction it acts on. */
function RowButton({
  text,
  name,
  primary = false,
  onClick,
}: {
  text: string;
  name: string;
  primary?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn-small btn-primary' : 'btn btn-small'}
      aria-label={name}
      onClick={onClick}
    >
      {text}
    </button>
  );
}
