import { ColumnHeads } from '../../components/ColumnHeads';
import { Pager } from '../../components/Pager';
import { useEffect, useState } from 'react';
import { bridge } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useInfractions } from '../../stores/infractions-store';
import { DefenseForm } from './DefenseForm';
import { InfractionDetail } from './InfractionDetail';
import { InfractionRow } from './InfractionRow';

/** Infrações (MED): a table of one page, those waiting on the shop first in the eye. */
export function InfractionsScreen() {
  const { t } = useTranslation();
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
          {data?.items.map((i) => (
            <InfractionRow
              key={i.infractionId}
              i={i}
              now={now}
              onDetails={() => setOpen(open === i.infractionId ? null : i.infractionId)}
              onDefend={() => setDefending(i.infractionId)}
            />
          ))}
        </tbody>
      </table>
      <Pager
        page={page}
        hasNext={data?.hasNext === true}
        onPage={(p) => void load(p)}
        prev={t('infractions.previous')}
        next={t('infractions.next')}
      >
        <span>
          {t('infractions.page', { page })}
          {data?.totalPages ? t('infractions.of', { total: data.totalPages }) : ''}
        </span>
      </Pager>
      {selected && <InfractionDetail item={selected} onClose={() => setOpen(null)} />}
      {defending && <DefenseForm id={defending} onDone={() => setDefending(null)} />}
    </div>
  );
}
