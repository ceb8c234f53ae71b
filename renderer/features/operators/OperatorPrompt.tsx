import { useEffect, useRef, useState } from 'react';
import { Form } from '../../components/Form';
import { PinField } from '../../components/PinField';
import { useTranslation } from '../../i18n';
import { useOperators } from '../../stores/operators-store';

/**
 * "Quem está no caixa?": a name, then her PIN and Enter. It takes the place of the sale form
 * only: a charge in progress stays on screen beside it and keeps being watched to Pago.
 */
export function OperatorPrompt() {
  const { t } = useTranslation();
  const roster = useOperators((s) => s.roster);
  const enter = useOperators((s) => s.enter);
  const notice = useOperators((s) => s.notice);
  const [chosen, setChosen] = useState<string | null>(roster.length === 1 ? roster[0]!.id : null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const choose = (id: string) => {
    setChosen(id);
    setError(null);
    document.getElementById('operator-pin')?.focus();
  };
  return (
    <section className="card operator-prompt" aria-labelledby="operator-prompt-title">
      <h2 id="operator-prompt-title">{t('operators.who')}</h2>
      {notice && (
        <p role="alert" className="notice">
          {notice}
        </p>
      )}
      <p className="muted">{t('operators.choose')}</p>
      <div className="operator-names" role="group" aria-label={t('operators.name')}>
        {roster.map((o, i) => (
          <button
            key={o.id}
            ref={i === 0 ? first : undefined}
            type="button"
            className={`btn operator-name${chosen === o.id ? ' btn-primary' : ''}`}
            aria-pressed={chosen === o.id}
            onClick={() => choose(o.id)}
          >
            {o.name}
          </button>
        ))}
      </div>
      <Form
        onSubmit={() => {
          if (!chosen) return setError(t('operators.choose'));
          void enter(chosen, pin).then((problem) => {
            setError(problem);
            if (problem) setPin('');
          });
        }}
      >
        <PinField
          id="operator-pin"
          label={t('operators.yourPin')}
          value={pin}
          onChange={setPin}
          maxLength={8}
          error={error ?? undefined}
        />
        <button type="submit" className="btn btn-primary">
          {t('operators.enter')}
        </button>
      </Form>
    </section>
  );
}
