import { useState } from 'react';
import { Choice } from '../../components/Choice';
import { Form } from '../../components/Form';
import { TextField } from '../../components/TextField';
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
  const err = (f: string) => (errors[f] ? t(`errors.${errors[f]}`) : undefined);
  return (
    <Form
      onSubmit={() => void submit()}
      className="stack detail"
      aria-label={t('infractions.defenseFor', { id })}
    >
      <h2>{t('infractions.defenseFor', { id })}</h2>
      <Choice<'DISAGREED' | 'AGREED'>
        id="inf-analise"
        label={t('infractions.analise')}
        value={analise}
        options={[
          ['DISAGREED', t('infractions.stance.contest')],
          ['AGREED', t('infractions.stance.accept')],
        ]}
        onChange={setAnalise}
      />
      <TextField
        id="inf-just"
        label={t('infractions.justificativa')}
        rows={4}
        maxLength={2000}
        value={text}
        error={err('justificativa')}
        onChange={setText}
      />
      <TextField
        id="inf-proofs"
        label={t('infractions.proofs')}
        rows={3}
        value={proofs}
        help={t('infractions.proofsHelp')}
        error={err('proofs')}
        onChange={setProofs}
      />
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
