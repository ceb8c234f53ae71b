import { useEffect, useState } from 'react';
import { Form } from '../../components/Form';
import { bridge, describeError } from '../../bridge';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { validateForm } from '../cashier/validate';

type Payer = { name: string; document: string; email: string; phone: string };
const blank: Payer = { name: '', document: '', email: '', phone: '' };

/**
 * `Pagador padrão`: the payer the PSP records when the cashier does not identify one, so a
 * sale is amount + Enter. Checked here like the cashier's fields, and again by the service.
 */
export function DefaultPayerSection() {
  const { t } = useTranslation();
  const saved = useApp((s) => s.defaultPayer);
  const [p, setP] = useState<Payer>(saved ?? blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Payer, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the form follows a saved change
  useEffect(() => setP(saved ?? blank), [saved]);

  const store = async (value: Payer | null, done: 'saved' | 'cleared') => {
    const r = await bridge().settings.update({ patch: { defaultPayer: value } });
    if (!r.ok) return setMessage(describeError(r, { field: r.field ?? '' }));
    await useApp.getState().refresh();
    setMessage(t(`defaultPayer.${done}`));
  };
  const save = () => {
    const found = validateForm({ ...p, amountCents: 1, description: '' }, 'deposit', 2);
    const { amount: _amount, ...payerErrors } = found;
    setErrors(payerErrors);
    if (Object.values(payerErrors).some(Boolean)) return setMessage(null);
    void store(p, 'saved');
  };
  const field = (k: keyof Payer, type: 'text' | 'email' | 'tel' = 'text') => (
    <TextField
      id={`default-payer-${k}`}
      label={t(`defaultPayer.${k}`)}
      value={p[k]}
      type={type}
      error={errors[k] ? describeError({ code: errors[k]! }) : undefined}
      onChange={(v) => setP({ ...p, [k]: v })}
    />
  );
  return (
    <Form onSubmit={save} className="stack" aria-labelledby="default-payer-title">
      <h2 id="default-payer-title">{t('defaultPayer.title')}</h2>
      <p className="hint">{t('defaultPayer.note')}</p>
      {field('name')}
      {field('document')}
      {field('email', 'email')}
      {field('phone', 'tel')}
      {message && <p role="status">{message}</p>}
      <div className="panel-actions">
        <button type="submit" className="btn btn-primary">
          {t('defaultPayer.save')}
        </button>
        {saved && (
          <button type="button" className="btn" onClick={() => void store(null, 'cleared')}>
            {t('defaultPayer.clear')}
          </button>
        )}
      </div>
    </Form>
  );
}
