import { useEffect, useState, type FormEvent } from 'react';
import type { CallOutput } from '../../../shared/ipc-contract';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';

type Page = CallOutput<'infractions:list'>;

/** Infrações (MED): paged list, WAITING_PSP highlighted, and the defense form for those. */
export function InfractionsScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [analise, setAnalise] = useState<'DISAGREED' | 'AGREED'>('DISAGREED');
  const [text, setText] = useState('');
  const [proofs, setProofs] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const load = async (p: number) => {
    const r = await bridge().infractions.list({ page: p, perPage: 10 });
    if (r.ok) setData(r.value);
    else setError(describeError(r));
  };
  useEffect(() => {
    void load(page);
  }, [page]);
  const defend = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) return;
    const r = await bridge().infractions.defend({
      infractionId: selected,
      analise,
      justificativa: text,
      proofs: proofs.split(/\s+/).filter(Boolean),
    });
    if (!r.ok) return setError(describeError(r));
    setSent(selected);
    setSelected(null);
    setText('');
    setProofs('');
    await load(page);
  };
  return (
    <div className="owner-screen">
      <h1>{t('nav.infractions')}</h1>
      {error && <p role="alert">{error}</p>}
      {sent && <p role="status">{t('infractions.sent', { id: sent })}</p>}
      <ul className="plain-list">
        {data?.items.map((i) => (
          <li
            key={i.infractionId}
            className={i.status === 'WAITING_PSP' && !i.defended ? 'needs-action' : undefined}
          >
            <strong>{i.infractionId}</strong>{' '}
            <span className={`badge-status inf-${i.status.toLowerCase()}`}>{i.status}</span>{' '}
            {Object.entries(i.fields)
              .map(([k, v]) => `${k}: ${String(v)}`)
              .join(' · ')}
            {i.status === 'WAITING_PSP' && !i.defended && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setSelected(i.infractionId)}
              >
                {t('infractions.defend')}
              </button>
            )}
            {i.defended && <span> {t('infractions.defended')}</span>}
          </li>
        ))}
      </ul>
      <div className="pager">
        <button
          type="button"
          className="btn"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
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
          onClick={() => setPage(page + 1)}
        >
          {t('infractions.next')}
        </button>
      </div>
      {selected && (
        <form
          onSubmit={defend}
          className="stack"
          aria-label={t('infractions.defenseFor', { id: selected })}
        >
          <div className="field">
            <label htmlFor="inf-analise">{t('infractions.analise')}</label>
            <select
              id="inf-analise"
              value={analise}
              onChange={(e) => setAnalise(e.target.value as 'DISAGREED' | 'AGREED')}
            >
              <option value="DISAGREED">{t('infractions.contest')}</option>
              <option value="AGREED">{t('infractions.accept')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="inf-just">{t('infractions.justificativa')}</label>
            <textarea
              id="inf-just"
              rows={4}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="inf-proofs">{t('infractions.proofs')}</label>
            <textarea
              id="inf-proofs"
              rows={3}
              value={proofs}
              onChange={(e) => setProofs(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {t('infractions.send')}
          </button>
        </form>
      )}
    </div>
  );
}
