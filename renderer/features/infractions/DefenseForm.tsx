import { useState } from 'react';
import { Form } from '../../components/Form';
import { useTranslation } from '../../i18n';
import { useInfractions } from '../../stores/infractions-store';

/** A5: stance, justification (10–2000 characters), up to 10 https proof links. */
export function checkDefense(justificativa: string, proofs: string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const n = justificativa.trim().length;
  if (n < 10 || n > 2000) errors.justificativa = 'JUSTIFICATIVA_LENGTH';
  if (proofs.length > 10) errors.proofs = 'PROOFS_TOO_MANY';
  else if (proofs.some((p) => !/^https:\/\/\S+$/i.test(p))) errors.proofs = 'PROOF_NOT_HTTPS';
  return errors;
}

export function DefenseForm({ id, onDone }: { id: string; onDone(): void }) {
  const { t } = useTranslation();
  const send = useInfractions((s) => s.defend);
  const [analise, setAnalise] = useState<'DISAGREED' | 'AGREED'>('DISAGREED');
  const [text, setText] = useState('');
  const [proofs, setProofs] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const list = proofs.split(/\s+/).filter(Boolean);
    const bad = checkDefense(text, list);
    setErrors(bad);
    if (Object.keys(bad).length) return;
    if (await send({ infractionId: id, analise, justificativa: text, proofs: list })) onDone();
  };
  const err = (f: string) =>
    errors[f] ? (
      <p id={`inf-${f}-error`} className="field-error" role="alert">
        {t(`errors.${errors[f]}`)}
      </p>
    ) : null;
  return (
    <Form
      onSubmit={() => void submit()}
      className="stack detail"
      aria-label={t('infractions.defenseFor', { id })}
    >
      <h2>{t('infractions.defenseFor', { id })}</h2>
      <div className="field">
        <label htmlFor="inf-analise">{t('infractions.analise')}</label>
        <select
          id="inf-analise"
          value={analise}
          onChange={(e) => setAnalise(e.target.value as 'DISAGREED' | 'AGREED')}
        >
          <option value="DISAGREED">{t('infractions.stance.contest')}</option>
          <option value="AGREED">{t('infractions.stance.accept')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="inf-just">{t('infractions.justificativa')}</label>
        <textarea
          id="inf-just"
          rows={4}
          maxLength={2000}
          value={text}
          aria-invalid={errors.justificativa ? true : undefined}
          aria-describedby={errors.justificativa ? 'inf-justificativa-error' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {err('justificativa')}
      </div>
      <div className="field">
        <label htmlFor="inf-proofs">{t('infractions.proofs')}</label>
        <textarea
          id="inf-proofs"
          rows={3}
          value={proofs}
          aria-invalid={errors.proofs ? true : undefined}
          aria-describedby={errors.proofs ? 'inf-proofs-error' : undefined}
          onChange={(e) => setProofs(e.target.value)}
        />
        <p className="muted">{t('infractions.proofsHelp')}</p>
        {err('proofs')}
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary">
          {t('infractions.send')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('owner.cancel')}
        </button>
      </div>
    </Form>
  );
}
