import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../i18n/money';
import { bridge } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useInfractions } from '../../stores/infractions-store';
import { DefenseForm } from './DefenseForm';
import { InfractionDetail } from './InfractionDetail';
import { infractionRow } from './view';

/** Infrações (MED): a table of one page, those waiting on the shop first in the eye. */
export function InfractionsScreen() {
  const { t, i18n } = useTranslation();
  const { page, data, error, sent, load } = useInfractions();
  const [open, setOpen] = useState<string | null>(null);
  const [defending, setDefending] = useState<string | null>(null);
  useEffect(() => {
    void load(1);
  }, [load]);
  // A MED callback: the PSP opened or changed an infraction, so read the page again.
  useEffect(() => bridge().on('infractions:changed', () => void load()), [load]);
  // Deadlines are measured at each render (no React Compiler memoises this component).
  // eslint-disable-next-line react-hooks/purity
  const now = Date.now();
  const date = (d?: Date) => (d ? d.toLocaleDateString(i18n.language) : '—');
  const selected = data?.items.find((i) => i.infractionId === open);
  return (
    <div className="owner-screen wide">
      <h1>{t('nav.infractions')}</h1>
      <p className="muted">{t('infractions.medNote')}</p>
      {error && <p role="alert">{error}</p>}
      {sent && <p role="status">{t('infractions.sent', { id: sent })}</p>}
      <table className="data-table">
        <ColumnHeads
          columns={[
            t('infractions.col.date'),
            { label: t('infractions.col.amount'), className: 'num' },
            t('infractions.col.reason'),
            t('infractions.col.transaction'),
            t('infractions.col.status'),
            t('infractions.col.deadline'),
            { label: t('infractions.col.actions'), srOnly: true },
          ]}
        />
        <tbody>
          {data?.items.map((i) => {
            const r = infractionRow(i.status, i.fields, now);
            const waiting = r.statusKey === 'waiting' && !i.defended;
            return (
              <tr key={i.infractionId} className={waiting ? 'needs-action' : undefined}>
                <td>{date(r.createdAt)}</td>
                <td className="num">
                  {r.amountCents !== undefined ? formatMoney(r.amountCents) : '—'}
                </td>
                <td>{r.reason ?? '—'}</td>
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
                      {r.deadline.estimated && (
                        <span className="muted"> ({t('infractions.estimated')})</span>
                      )}
                    </>
                  )}
                </td>
                <td>
                  <div className="actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('infractions.detailsOf', { id: i.infractionId })}
                      onClick={() => setOpen(open === i.infractionId ? null : i.infractionId)}
                    >
                      {t('infractions.details')}
                    </button>
                    {waiting && (
                      <button
                        type="button"
                        className="btn btn-small btn-primary"
                        aria-label={t('infractions.defendThis', { id: i.infractionId })}
                        onClick={() => setDefending(i.infractionId)}
                      >
                        {t('infractions.defend')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="pager">
        <button
          type="button"
          className="btn"
          disabled={page <= 1}
          onClick={() => void load(page - 1)}
        >
          {t('infractions.previous')}
        </button>
        <span>
          {t('infractions.page', { page })}
          {data?.totalPages ? t('infractions.of', { total: data.totalPages }) : ''}
        </span>
        <button
          type="button"
          className="btn"
          disabled={!data?.hasNext}
          onClick={() => void load(page + 1)}
        >
          {t('infractions.next')}
        </button>
      </div>
      {selected && <InfractionDetail item={selected} onClose={() => setOpen(null)} />}
      {defending && <DefenseForm id={defending} onDone={() => setDefending(null)} />}
    </div>
  );
}
