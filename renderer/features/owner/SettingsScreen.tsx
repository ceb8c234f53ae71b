import { useEffect, useState, type FormEvent } from 'react';
import type { AppSettings } from '../../../shared/settings';
import { bridge, describeError } from '../../bridge';
import { setLanguage, useTranslation } from '../../i18n';

/** Configurações: the non-secret settings, write-only credentials, the owner PIN. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const [s, setS] = useState<AppSettings | null>(null);
  const [configured, setConfigured] = useState(false);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [relayToken, setRelayToken] = useState('');
  const [relayStored, setRelayStored] = useState(false);
  const [newPin, setNewPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    void bridge()
      .settings.get({})
      .then((r) => r.ok && setS(r.value));
    void bridge()
      .credentials.status({})
      .then((r) => {
        if (!r.ok) return;
        setConfigured(r.value.configured);
        setRelayStored(r.value.relayToken);
      });
  }, []);
  if (!s) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const r = await bridge().settings.update({
      patch: {
        terminalName: s.terminalName,
        shopName: s.shopName,
        language: s.language,
        psp: {
          baseUrl: s.psp.baseUrl,
          chargeOperation: s.psp.chargeOperation,
          statusQueryPath: s.psp.statusQueryPath,
        },
        relay: { url: s.relay.url, channelId: s.relay.channelId },
        printer: { paperWidthMm: s.printer.paperWidthMm },
        customerDisplay: s.customerDisplay,
      },
    });
    if (!r.ok) return setMessage(describeError(r));
    await setLanguage(r.value.language);
    setMessage(t('settings.saved'));
  };
  const saveCredentials = async () => {
    const r = await bridge().credentials.set({ clientId, clientSecret });
    setClientSecret('');
    if (!r.ok) return setMessage(describeError(r));
    setConfigured(true);
    setMessage(t('settings.credSaved'));
  };
  const saveRelayToken = async () => {
    const r = await bridge().credentials.setRelayToken({ token: relayToken });
    setRelayToken('');
    if (!r.ok) return setMessage(describeError(r));
    setRelayStored(true);
    setMessage(t('settings.credSaved'));
  };
  const changePin = async () => {
    const r = await bridge().owner.setPin({ newPin, ...(currentPin && { currentPin }) });
    setNewPin('');
    setCurrentPin('');
    setMessage(r.ok ? t('settings.pinChanged') : describeError(r));
  };
  const field = (
    id: string,
    label: string,
    value: string,
    on: (v: string) => void,
    type = 'text',
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(e) => on(e.target.value)} />
    </div>
  );
  return (
    <div className="owner-screen">
      <h1>{t('nav.settings')}</h1>
      {message && <p role="status">{message}</p>}
      <form onSubmit={save} className="stack">
        {field('set-terminal', t('settings.terminal'), s.terminalName, (v) =>
          setS({ ...s, terminalName: v }),
        )}
        {field('set-shop', t('settings.shop'), s.shopName, (v) => setS({ ...s, shopName: v }))}
        <div className="field">
          <label htmlFor="set-lang">{t('settings.language')}</label>
          <select
            id="set-lang"
            value={s.language}
            onChange={(e) => setS({ ...s, language: e.target.value as 'pt-BR' | 'en' })}
          >
            <option value="pt-BR">Português (Brasil)</option>
            <option value="en">English</option>
          </select>
        </div>
        {field('set-psp', t('settings.pspUrl'), s.psp.baseUrl, (v) =>
          setS({ ...s, psp: { ...s.psp, baseUrl: v } }),
        )}
        <div className="field">
          <label htmlFor="set-op">{t('settings.operation')}</label>
          <select
            id="set-op"
            value={s.psp.chargeOperation}
            onChange={(e) =>
              setS({
                ...s,
                psp: { ...s.psp, chargeOperation: e.target.value as 'deposit' | 'transaction' },
              })
            }
          >
            <option value="deposit">/payments/deposit</option>
            <option value="transaction">/transactions/create</option>
          </select>
        </div>
        {field('set-query', t('settings.statusQuery'), s.psp.statusQueryPath, (v) =>
          setS({ ...s, psp: { ...s.psp, statusQueryPath: v } }),
        )}
        {field('set-relay', t('settings.relayUrl'), s.relay.url, (v) =>
          setS({ ...s, relay: { ...s.relay, url: v } }),
        )}
        {field('set-channel', t('settings.relayChannel'), s.relay.channelId, (v) =>
          setS({ ...s, relay: { ...s.relay, channelId: v } }),
        )}
        <div className="field">
          <label htmlFor="set-paper">{t('settings.paper')}</label>
          <select
            id="set-paper"
            value={s.printer.paperWidthMm}
            onChange={(e) =>
              setS({
                ...s,
                printer: { ...s.printer, paperWidthMm: Number(e.target.value) as 58 | 80 },
              })
            }
          >
            <option value={58}>58 mm</option>
            <option value={80}>80 mm</option>
          </select>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={s.customerDisplay}
            onChange={(e) => setS({ ...s, customerDisplay: e.target.checked })}
          />{' '}
          Tela do cliente
        </label>
        <button type="submit" className="btn btn-primary">
          {t('settings.save')}
        </button>
      </form>
      <section className="stack" aria-label={t('settings.credentials')}>
        <h2>{t('settings.credentials')}</h2>
        <p>{configured ? t('settings.credStored') : t('settings.credNone')}</p>
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
          onClick={() => void saveCredentials()}
          disabled={!clientId || !clientSecret}
        >
          {t('settings.saveCredentials')}
        </button>
        <p>{relayStored ? t('settings.relayTokenStored') : t('settings.relayTokenNone')}</p>
        {field('relay-token', t('settings.relayToken'), relayToken, setRelayToken, 'password')}
        <button
          type="button"
          className="btn"
          onClick={() => void saveRelayToken()}
          disabled={relayToken.length < 16}
        >
          {t('settings.saveRelayToken')}
        </button>
      </section>
      <section className="stack" aria-label={t('settings.changePin')}>
        <h2>{t('owner.setPin')}</h2>
        {field('pin-current', t('settings.currentPin'), currentPin, setCurrentPin, 'password')}
        {field('pin-new', t('owner.newPin'), newPin, setNewPin, 'password')}
        <button type="button" className="btn" onClick={() => void changePin()}>
          {t('owner.setPin')}
        </button>
      </section>
    </div>
  );
}
