import { useTranslation } from '../../i18n';
import { usePdv } from '../../stores/pdv-store';
import { PdvApiProblem } from './PdvApiProblem';

/** The local API: where it listens, whether it has a token, and a new token, shown once. */
export function PdvApiToken() {
  const { t } = useTranslation();
  const { overview, token, newToken } = usePdv();
  return (
    <>
      <h2>{t('pdv.api')}</h2>
      <p>
        {overview?.api.url ? t('pdv.apiOn', { url: overview.api.url }) : t('pdv.apiOff')}{' '}
        {overview?.api.hasToken ? t('pdv.hasToken') : t('pdv.noToken')}
      </p>
      <PdvApiProblem testId="pdv-api-problem" />
      <button type="button" className="btn" onClick={() => void newToken()}>
        {t('pdv.newToken')}
      </button>
      {token && (
        <p role="alert">
          {t('pdv.tokenOnce')} <code data-testid="pdv-token">{token}</code>
        </p>
      )}
    </>
  );
}
