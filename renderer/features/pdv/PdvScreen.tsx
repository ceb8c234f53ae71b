import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { usePdv } from '../../stores/pdv-store';
import { PdvApiToken } from './PdvApiToken';
import { PdvRequests } from './PdvRequests';
import { PdvSettingsForm } from './PdvSettingsForm';

/** Integração com o PDV: on/off, folders, the local API's token, and the last requests. */
export function PdvScreen() {
  const { t } = useTranslation();
  const { overview, settings, message, load } = usePdv();
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [load]);
  const ex = overview?.exchange;
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
      {settings && <PdvSettingsForm settings={settings} />}
      <PdvApiToken />
      {message && <p role="alert">{message}</p>}
      <PdvRequests requests={overview?.requests} />
    </section>
  );
}
