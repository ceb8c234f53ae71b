import { useState } from 'react';
import { Form } from '../../components/Form';
import { useTranslation } from '../../i18n';
import { usePdv, type PdvSettings } from '../../stores/pdv-store';
import { PdvApiProblem } from './PdvApiProblem';

/** The owner's settings for the PDV, one row per field (docs/pdv-integration.md). */
const FIELDS: Array<{
  key: keyof PdvSettings;
  label: string;
  kind: 'bool' | 'text' | 'int';
}> = [
  { key: 'enabled', label: 'pdv.enabled', kind: 'bool' },
  { key: 'reqDir', label: 'pdv.reqDir', kind: 'text' },
  { key: 'respDir', label: 'pdv.respDir', kind: 'text' },
  { key: 'confirmMinutes', label: 'pdv.confirmMinutes', kind: 'int' },
  { key: 'apiEnabled', label: 'pdv.apiEnabled', kind: 'bool' },
  { key: 'apiPort', label: 'pdv.apiPort', kind: 'int' },
];

/**
 * The PDV's settings (file exchange, folders, local API), with what the command line turned on
 * shown on and not changeable here.
 */
export function PdvSettingsForm({ settings }: { settings: PdvSettings }) {
  const { t } = useTranslation();
  const { overview, message, save } = usePdv();
  // The saved settings until the owner edits one: derived, not copied in an effect.
  const [edited, setForm] = useState<PdvSettings | null>(null);
  const form = edited ?? settings;
  const [saved, setSaved] = useState(false);
  const submit = async () => setSaved(await save(form));
  const ex = overview?.exchange;
  // Turned on by the command line (--pdv-dir, --pdv-api-port): shown on, not changeable here.
  const forced = (k: keyof PdvSettings) =>
    (ex?.forced === true && (k === 'enabled' || k === 'reqDir' || k === 'respDir')) ||
    (overview?.api.forced === true && (k === 'apiEnabled' || k === 'apiPort'));
  const shown = (k: keyof PdvSettings) =>
    !forced(k)
      ? form[k]
      : k === 'reqDir'
        ? ex?.req
        : k === 'respDir'
          ? ex?.resp
          : k === 'apiPort'
            ? (/:(\d+)\//.exec(overview?.api.url ?? '')?.[1] ?? form[k])
            : true;
  return (
    <Form onSubmit={() => void submit()} className="stack" aria-label={t('pdv.settings')}>
      {FIELDS.map((f) =>
        f.kind === 'bool' ? (
          <label key={f.key} className="check">
            <input
              type="checkbox"
              checked={shown(f.key) as boolean}
              disabled={forced(f.key)}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.checked })}
            />{' '}
            {t(f.label)}
            {forced(f.key) && <span className="hint"> {t('pdv.forced')}</span>}
          </label>
        ) : (
          <label key={f.key} className="field">
            <span>{t(f.label)}</span>
            <input
              type={f.kind === 'int' ? 'number' : 'text'}
              value={String(shown(f.key))}
              disabled={forced(f.key)}
              placeholder={
                f.key === 'reqDir' ? ex?.req : f.key === 'respDir' ? ex?.resp : undefined
              }
              onChange={(e) =>
                setForm({
                  ...form,
                  [f.key]: f.kind === 'int' ? Number(e.target.value) : e.target.value,
                })
              }
            />
          </label>
        ),
      )}
      <div className="panel-actions">
        <button type="submit" className="btn btn-primary">
          {t('pdv.save')}
        </button>
      </div>
      {saved && !message && !overview?.api.problem && <p role="status">{t('pdv.saved')}</p>}
      {saved && <PdvApiProblem testId="pdv-api-problem-saved" />}
    </Form>
  );
}
