import { useEffect, useState } from 'react';
import type { OperatorViewDto } from '../../../shared/operators';
import { bridge, describeError } from '../../bridge';
import { Choice } from '../../components/Choice';
import { Form } from '../../components/Form';
import { PinField } from '../../components/PinField';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useOperators } from '../../stores/operators-store';
import { emptyDraft, OPERATOR_FIELDS, type OperatorDraft } from './operator-fields';

/** Operadores (owner only): the shop's cashiers and supervisors, added and disabled here. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const list = useOperators((s) => s.all);
  const listError = useOperators((s) => s.listError);
  const [draft, setDraft] = useState<OperatorDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<keyof OperatorDraft, string>>>({});
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);
  // The Caixa's prompt and bar follow the roster (loadAll reads both).
  const load = useOperators((s) => s.loadAll);
  useEffect(() => void load(), [load]);

  const add = async () => {
    const found: typeof errors = {};
    for (const f of OPERATOR_FIELDS) {
      const code = f.check?.(draft[f.key]);
      if (code) found[f.key] = describeError({ code });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const r = await bridge().operators.add(draft);
    if (!r.ok) {
      const field = OPERATOR_FIELDS.find((f) => f.key === r.field)?.key;
      if (field) setErrors({ [field]: describeError(r) });
      else setMessage({ text: describeError(r), alert: true });
      return;
    }
    setDraft(emptyDraft());
    setMessage({ text: t('operators.added', { name: r.value.name }), alert: false });
    await load();
  };
  const toggle = async (o: OperatorViewDto) => {
    const r = await bridge().operators.update({ id: o.id, active: !o.active });
    if (!r.ok) setMessage({ text: describeError(r), alert: true });
    await load();
  };

  return (
    <section className="screen stack" aria-labelledby="operators-title">
      <h1 id="operators-title">{t('operators.title')}</h1>
      <p className="hint">{t('operators.intro')}</p>
      {list.length === 0 ? (
        <p className="muted">{t('operators.none')}</p>
      ) : (
        <table className="data-table operators-table">
          <thead>
            <tr>
              <th scope="col">{t('operators.name')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.status')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.id}>
                <th scope="row">{o.name}</th>
                <td>{t(`operators.role_${o.role}`)}</td>
                <td>{t(o.active ? 'operators.active' : 'operators.disabled')}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={`${t(o.active ? 'operators.disable' : 'operators.enable')} ${o.name}`}
                    onClick={() => void toggle(o)}
                  >
                    {t(o.active ? 'operators.disable' : 'operators.enable')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form className="card operator-form" onSubmit={() => void add()}>
        <h2>{t('operators.add')}</h2>
        {OPERATOR_FIELDS.map((f) => {
          const common = { id: f.id, label: t(f.label) };
          const set = (v: string) => setDraft((d) => ({ ...d, [f.key]: v }));
          if (f.kind === 'choice')
            return (
              <Choice
                key={f.id}
                {...common}
                value={draft[f.key]}
                options={(f.options ?? []).map(([v, k]) => [v, t(k)] as const)}
                onChange={set}
              />
            );
          const Field = f.kind === 'pin' ? PinField : TextField;
          return (
            <Field
              key={f.id}
              {...common}
              value={draft[f.key]}
              onChange={set}
              error={errors[f.key]}
              {...(f.maxLength !== undefined && { maxLength: f.maxLength })}
            />
          );
        })}
        <button type="submit" className="btn btn-primary">
          {t('operators.add')}
        </button>
      </Form>
      {message && <p role={message.alert ? 'alert' : 'status'}>{message.text}</p>}
      {listError && <p role="alert">{listError}</p>}
    </section>
  );
}
