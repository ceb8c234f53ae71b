import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useState, type FormEvent } from 'react';
import { formatMoney } from '../../i18n/money';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { usePdv, type PdvSettings } from '../../stores/pdv-store';

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

/** Integração com o PDV: on/off, folders, the local API's token, and the last requests. */
export function PdvScreen() {
  const { t } = useTranslation();
  const { overview, settings, message, token, load, save, newToken } = usePdv();
  // The saved settings until the owner edits one: derived, not copied in an effect.
  const [edited, setForm] = useState<PdvSettings | null>(null);
  const form = edited ?? settings;
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form) setSaved(await save(form));
  };
  const ex = overview?.exchange;
  // Turned on by the command line (--pdv-dir, --pdv-api-port): shown on, not changeable here.
  const forced = (k: keyof PdvSettings) =>
    (ex?.forced === true && (k === 'enabled' || k === 'reqDir' || k === 'respDir')) ||
    (overview?.api.forced === true && (k === 'apiEnabled' || k === 'apiPort'));
  const shown = (k: keyof PdvSettings) =>
    !forced(k) || !form
      ? form?.[k]
      : k === 'reqDir'
        ? ex?.req
        : k === 'respDir'
          ? ex?.resp
          : k === 'apiPort'
            ? (/:(\d+)\//.exec(overview?.api.url ?? '')?.[1] ?? form[k])
            : true;
  return (
    <section className="screen stack" aria-labelledby="pdv-title">
      <h1 id="pdv-title">{t('pdv.title')}</h1>
      <p className="hint">{t('pdv.intro')}</p>
      {ex && (
        <p role="status" data-testid="pdv-state">
          {ex.state === 'off'
            ? t('pdv.state.off')
            : ex.state === 'watching'
              ? t('pdv.state.watching', { req: ex.req, resp: ex.resp })
              : t('pdv.state.error', { req: ex.req, resp: ex.resp })}
        </p>
      )}
      {form && (
        <form onSubmit={(e) => void submit(e)} className="stack" aria-label={t('pdv.settings')}>
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
          {saved && !message && <p role="status">{t('pdv.saved')}</p>}
        </form>
      )}
      <h2>{t('pdv.api')}</h2>
      <p>
        {overview?.api.url ? t('pdv.apiOn', { url: overview.api.url }) : t('pdv.apiOff')}{' '}
        {overview?.api.hasToken ? t('pdv.hasToken') : t('pdv.noToken')}
      </p>
      <button type="button" className="btn" onClick={() => void newToken()}>
        {t('pdv.newToken')}
      </button>
      {token && (
        <p role="alert">
          {t('pdv.tokenOnce')} <code data-testid="pdv-token">{token}</code>
        </p>
      )}
      {message && <p role="alert">{message}</p>}
      <h2>{t('pdv.requests')}</h2>
      <table className="table">
        <ColumnHeads
          columns={[
            t('pdv.col.at'),
            t('pdv.col.command'),
            t('pdv.col.identifier'),
            t('pdv.col.amount'),
            t('pdv.col.state'),
            t('pdv.col.message'),
          ]}
        />
        <tbody>
          {overview?.requests.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.createdAt)}</td>
              <td>{r.command}</td>
              <td>{r.identifier}</td>
              <td>{r.amountCents !== undefined ? formatMoney(r.amountCents) : ''}</td>
              <td>
                {t(`pdv.states.${r.state}`)}
                {r.refundReason && ` — ${t('pdv.refund')}`}
              </td>
              <td>
                {r.message}
                {r.answer && (
                  <details>
                    <summary>{t('pdv.answer')}</summary>
                    <pre>{r.answer}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
