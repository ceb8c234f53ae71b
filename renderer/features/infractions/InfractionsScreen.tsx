import { bridge } from '../../bridge';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { useInfractions } from '../../stores/infractions-store';
import { infractionFields } from './fields';

/** Infrações (MED): paged list, WAITING_PSP highlighted, and the defense form for those. */
export function InfractionsScreen() {
  const { t } = useTranslation();
  const { page, data, error, sent, load, defend: send } = useInfractions();
  const [selected, setSelected] = useState<string | null>(null);
  const [analise, setAnalise] = useState<'DISAGREED' | 'AGREED'>('DISAGREED');
  const [text, setText] = useState('');
  const [proofs, setProofs] = useState('');
  useEffect(() => {
    void load(1);
  }, [load]);
  // A MED callback: the PSP opened or changed an infraction, so read the page again.
  useEffect(() => bridge().on('infractions:changed', () => void load()), [load]);
  const defend = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) return;
    const ok = await send({
      infractionId: selected,
      analise,
      justificativa: text,
      proofs: proofs.split(/\s+/).filter(Boolean),
    });
    if (!ok) return;
    setSelected(null);
    setText('');
    setProofs('');
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
            {infractionFields(i.fields).join(' · ')}
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
