import { useEffect, useState, type FormEvent } from 'react';
import { checkNewPin } from '../../../shared/onboarding';
import { describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useSettings } from '../../stores/settings-store';
import { CompatibilitySection } from './CompatibilitySection';
import { PspProfileSection } from './PspProfileSection';
import { DefaultPayerSection } from './DefaultPayerSection';
import { PrinterSection } from './PrinterSection';
import { ReceiverSection } from './ReceiverSection';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';

/** Configurações: the non-secret settings, write-only credentials, the owner PIN. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { draft: s, edit: setS, credentials, message, ...settings } = useSettings();
  // Typed secrets and PINs stay in this screen only, and are cleared as soon as they are sent.
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [relayToken, setRelayToken] = useState('');
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
        {field('set-terminal', t('settings.terminal'), s.terminalName, (v) =>
          setS({ ...s, terminalName: v }),
        )}
        {field('set-shop', t('settings.shop'), s.shopName, (v) => setS({ ...s, shopName: v }))}
        <Choice
          id="set-lang"
          label={t('settings.language')}
          value={s.language}
          options={[
            ['pt-BR', 'Português (Brasil)'],
            ['en', 'English'],
          ]}
          onChange={(language) => setS({ ...s, language })}
        />
        {field('set-psp', t('settings.pspUrl'), s.psp.baseUrl, (v) =>
          setS({ ...s, psp: { ...s.psp, baseUrl: v } }),
        )}
        <Choice
          id="set-op"
          label={t('settings.operation')}
          value={s.psp.chargeOperation}
          options={[
            ['deposit', '/payments/deposit'],
            ['transaction', '/transactions/create'],
          ]}
          onChange={(chargeOperation) => setS({ ...s, psp: { ...s.psp, chargeOperation } })}
        />
        {field('set-query', t('settings.statusQuery'), s.psp.statusQueryPath, (v) =>
          setS({ ...s, psp: { ...s.psp, statusQueryPath: v } }),
        )}
        <PspProfileSection s={s} edit={setS} />
        <TextField
          id="set-expiry"
          type="number"
          label={t('settings.expiry')}
          value={s.charges.expiryMinutes}
          onChange={(v) => setS({ ...s, charges: { expiryMinutes: Number(v) } })}
        />
        {field('set-relay', t('settings.relayUrl'), s.relay.url, (v) =>
          setS({ ...s, relay: { ...s.relay, url: v } }),
        )}
        {field('set-channel', t('settings.relayChannel'), s.relay.channelId, (v) =>
          setS({ ...s, relay: { ...s.relay, channelId: v } }),
        )}
        <PrinterSection s={s} edit={setS} />
        <label className="check">
          <input
            type="checkbox"
            checked={s.customerDisplay}
            onChange={(e) => setS({ ...s, customerDisplay: e.target.checked })}
          />{' '}
          {t('settings.customerDisplay')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={s.openAtLogin}
            onChange={(e) => setS({ ...s, openAtLogin: e.target.checked })}
          />{' '}
          {t('settings.openAtLogin')}
        </label>
        <CompatibilitySection s={s} edit={setS} />
        <button type="submit" className="btn btn-primary">
          {t('settings.save')}
        </button>
      </form>
      <DefaultPayerSection />
      <ReceiverSection />
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
