import { useEffect, useState, type FormEvent } from 'react';
import { checkNewPin } from '../../../shared/onboarding';
import { describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useSettings } from '../../stores/settings-store';
import { BackupsSection } from './BackupsSection';
import { CompatibilitySection } from './CompatibilitySection';
import { PspProfileSection } from './PspProfileSection';
import { DefaultPayerSection } from './DefaultPayerSection';
import { PrinterSection } from './PrinterSection';
import { ReceiverSection } from './ReceiverSection';
import { TextField } from '../../components/TextField';
import { CertificateFields } from './CertificateFields';
import {
  API_PIX_ROWS,
  GENERAL_ROWS,
  KEYCHAIN_ROWS,
  SWITCH_ROWS,
  TERMINAL_ROWS,
} from './field-table';
import { FieldRows } from './FieldRows';
import { WebhookSecretField } from './WebhookSecretField';
import { SavedWebhookLine } from '../onboarding/WebhookLine';

/** Configurações: the non-secret settings, write-only credentials, the owner PIN. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { draft: s, edit: setS, credentials, message, ...settings } = useSettings();
  // Typed secrets and PINs stay in this screen only, and are cleared as soon as they are sent.
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [relayToken, setRelayToken] = useState('');
  const [cert, setCert] = useState({ certPem: '', keyPem: '', passphrase: '' });
  const [newPin, setNewPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [pinError, setPinError] = useState<{ field: string; code: string } | null>(null);
  const { load } = settings;
  useEffect(() => {
    void load();
  }, [load]);
  if (!s) return null;
  const save = (e: FormEvent) => {
    e.preventDefault();
    void settings.save();
  };
  const saveCredentials = () => {
    void settings.saveCredentials({ clientId, clientSecret });
    setClientSecret('');
  };
  const saveRelayToken = () => {
    void settings.saveRelayToken(relayToken);
    setRelayToken('');
  };
  const saveCertificate = () => {
    void settings.saveCertificate(cert);
    setCert({ certPem: '', keyPem: '', passphrase: '' });
  };
  const changePin = async () => {
    const bad = checkNewPin(newPin, confirmPin)[0];
    if (!currentPin) return setPinError({ field: 'currentPin', code: 'PIN_CURRENT_EMPTY' });
    if (bad) return setPinError(bad);
    const problem = await settings.changePin({ newPin, currentPin });
    setPinError(
      problem && {
        field: problem.field === 'newPin' ? 'newPin' : 'currentPin',
        code: problem.code,
      },
    );
    setNewPin('');
    setConfirmPin('');
    setCurrentPin('');
  };
  const pinErr = (field: string) =>
    pinError?.field === field ? describeError({ code: pinError.code }) : undefined;
  const field = (
    id: string,
    label: string,
    value: string,
    on: (v: string) => void,
    type: 'text' | 'password' = 'text',
  ) => <TextField id={id} label={label} value={value} onChange={on} type={type} />;
  return (
    <div className="owner-screen">
      <h1>{t('nav.settings')}</h1>
      {message && <p role="status">{message}</p>}
      <section className="stack connect-cta" aria-label={t('onboarding.connect')}>
        <p>{t('onboarding.connectFromSettings')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void useApp.getState().go('connect')}
        >
          {t('onboarding.connect')}
        </button>
      </section>
      <form onSubmit={save} className="stack">
        <FieldRows key={`general-${s.psp.preset}`} rows={GENERAL_ROWS} s={s} edit={setS} />
        <FieldRows key={`apipix-${s.psp.apiPix.preset}`} rows={API_PIX_ROWS} s={s} edit={setS} />
        {s.psp.kind !== 'api-pix' && <PspProfileSection s={s} edit={setS} />}
        <FieldRows rows={TERMINAL_ROWS} s={s} edit={setS} />
        <PrinterSection s={s} edit={setS} />
        <FieldRows rows={SWITCH_ROWS} s={s} edit={setS} />
        <FieldRows rows={KEYCHAIN_ROWS} s={s} edit={setS} />
        <p className="hint" id="set-keychain-note">
          {t('settings.keychainNextStart')}
        </p>
        <CompatibilitySection s={s} edit={setS} />
        <button type="submit" className="btn btn-primary">
          {t('settings.save')}
        </button>
      </form>
      <DefaultPayerSection />
      <ReceiverSection />
      <BackupsSection />
      <section className="stack" aria-label={t('settings.credentials')}>
        <h2>{t('settings.credentials')}</h2>
        <p>{credentials.configured ? t('settings.credStored') : t('settings.credNone')}</p>
        {field('cred-id', t('settings.clientId'), clientId, setClientId)}
        {field(
          'cred-secret',
          t('settings.clientSecret'),
          clientSecret,
          setClientSecret,
          'password',
        )}
        <button
          type="button"
          className="btn"
          onClick={saveCredentials}
          disabled={!clientId || !clientSecret}
        >
          {t('settings.saveCredentials')}
        </button>
        {s.psp.kind === 'api-pix' && (
          <>
            <CertificateFields
              idPrefix="set-cert"
              value={cert}
              stored={credentials.clientCertificate === true}
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
            <SavedWebhookLine />
          </>
        )}
        <WebhookSecretField signsWithWebhook={s.psp.callback.secret === 'webhook'} />
        <p>
          {credentials.relayToken ? t('settings.relayTokenStored') : t('settings.relayTokenNone')}
        </p>
        {field('relay-token', t('settings.relayToken'), relayToken, setRelayToken, 'password')}
        <button
          type="button"
          className="btn"
          onClick={saveRelayToken}
          disabled={relayToken.length < 16}
        >
          {t('settings.saveRelayToken')}
        </button>
      </section>
      <section className="stack" aria-label={t('settings.changePin')}>
        <h2>{t('settings.changePin')}</h2>
        <TextField
          id="pin-current"
          label={t('settings.currentPin')}
          type="password"
          inputMode="numeric"
          value={currentPin}
          error={pinErr('currentPin')}
          onChange={setCurrentPin}
        />
        <TextField
          id="pin-new"
          label={t('owner.newPin')}
          type="password"
          inputMode="numeric"
          value={newPin}
          error={pinErr('newPin')}
          onChange={setNewPin}
        />
        <TextField
          id="pin-confirm"
          label={t('owner.confirmPin')}
          type="password"
          inputMode="numeric"
          value={confirmPin}
          error={pinErr('confirmPin')}
          onChange={setConfirmPin}
        />
        <button type="button" className="btn" onClick={() => void changePin()}>
          {t('settings.changePin')}
        </button>
      </section>
    </div>
  );
}
