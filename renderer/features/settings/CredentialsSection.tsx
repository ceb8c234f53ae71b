import { useState } from 'react';
import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';
import { SavedWebhookLine } from '../onboarding/WebhookLine';
import { CertificateFields } from './CertificateFields';
import { ClientCredentialFields } from './ClientCredentialFields';
import { WebhookSecretField } from './WebhookSecretField';

const NO_CREDENTIALS = { clientId: '', clientSecret: '' };
const NO_CERTIFICATE = { certPem: '', keyPem: '', passphrase: '' };

/**
 * `Credenciais`: write-only. The screen shows whether each secret is stored, never the secret;
 * what is typed stays here, and is cleared as soon as it is sent. The relay's token is with the
 * relay, under Avisos de pagamento (RelayTokenSection).
 */
export function CredentialsSection({ s }: { s: AppSettings }) {
  const { t } = useTranslation();
  const { credentials, ...settings } = useSettings();
  const [typed, setTyped] = useState(NO_CREDENTIALS);
  const [cert, setCert] = useState(NO_CERTIFICATE);
  const saveCredentials = () => {
    void settings.saveCredentials(typed);
    setTyped((cur) => ({ ...cur, clientSecret: '' }));
  };
  const stored = credentials.clientCertificate === true;
  const saveCertificate = () => {
    void settings.saveCertificate(cert);
    setCert(NO_CERTIFICATE);
  };
  const certFields = (
    <>
      <CertificateFields
        idPrefix="set-cert"
        value={cert}
        stored={stored}
        saysStored={!stored}
        onChange={setCert}
      />
      <button
        type="button"
        className="btn"
        onClick={saveCertificate}
        disabled={!cert.certPem.trim()}
      >
        {t('apiPix.saveCertificate')}
      </button>
    </>
  );
  return (
    <section className="stack credentials" aria-label={t('settings.credentials')}>
      <h2>{t('settings.credentials')}</h2>
      <p>{credentials.configured ? t('settings.credStored') : t('settings.credNone')}</p>
      <ClientCredentialFields
        ids={['cred-id', 'cred-secret']}
        value={typed}
        onChange={(patch) => setTyped((cur) => ({ ...cur, ...patch }))}
      />
      <button
        type="button"
        className="btn"
        onClick={saveCredentials}
        disabled={!typed.clientId || !typed.clientSecret}
      >
        {t('settings.saveCredentials')}
      </button>
      {s.psp.kind === 'api-pix' && (
        <>
          {stored ? (
            // A certificate kept: one line says so, the fields to change it are one click away
            // (open, they made the PSP section twice a 768 px screen).
            <details className="cert-change">
              <summary>
                {t('apiPix.certificateKept')}{' '}
                <span className="link">{t('apiPix.certificateChange')}</span>
              </summary>
              {certFields}
            </details>
          ) : (
            certFields
          )}
          <SavedWebhookLine />
        </>
      )}
      <WebhookSecretField signsWithWebhook={s.psp.callback.secret === 'webhook'} />
    </section>
  );
}
