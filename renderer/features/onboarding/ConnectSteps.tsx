import { pspPresetSettings } from '../../../shared/psp-presets';
import { unitsOf, withUnits } from '../../../shared/psp-units';
import { defaultSettings } from '../../../shared/settings';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { UNIT_ROWS } from '../settings/field-table';
import { FieldRows } from '../settings/FieldRows';
import { PresetPicker } from '../settings/PresetPicker';
import { PrinterSection } from '../settings/PrinterSection';
import { ApiPixFields, ApiPixPresetChoice } from './ApiPixStep';
import { useFieldError } from './field-error';
import { describeCheck, describeReport } from './report';

/** The owner PIN, typed twice (first run). */
export function PinStep() {
  const { t } = useTranslation();
  const { form, edit } = useOnboarding();
  const error = useFieldError();
  return (
    <fieldset className="stack">
      <legend>{t('onboarding.pinTitle')}</legend>
      <p className="muted">{t('onboarding.pinHelp')}</p>
      <TextField
        id="ob-pin"
        label={t('owner.newPin')}
        type="password"
        inputMode="numeric"
        maxLength={8}
        value={form.newPin}
        error={error('newPin')}
        onChange={(newPin) => edit({ newPin })}
      />
      <TextField
        id="ob-pin2"
        label={t('owner.confirmPin')}
        type="password"
        inputMode="numeric"
        maxLength={8}
        value={form.confirmPin}
        error={error('confirmPin')}
        onChange={(confirmPin) => edit({ confirmPin })}
      />
    </fieldset>
  );
}

/** The PSP: profile, address, credentials (write-only), charge operation, and the test. */
export function PspStep() {
  const { t } = useTranslation();
  const { form, edit, stored } = useOnboarding();
  const error = useFieldError();
  const apiPix = form.kind === 'api-pix';
  const signsWithWebhook = !apiPix && pspPresetSettings(form.preset).callback.secret === 'webhook';
  return (
    <fieldset className="stack">
      <legend>{t('onboarding.pspTitle')}</legend>
      <Choice
        id="ob-kind"
        label={t('apiPix.kind')}
        value={form.kind}
        options={[
          ['family', t('apiPix.kindFamily')],
          ['api-pix', t('apiPix.kindApiPix')],
        ]}
        onChange={(kind) => edit({ kind })}
      />
      {apiPix ? (
        <ApiPixPresetChoice />
      ) : (
        <PresetPicker
          id="ob-preset"
          label={t('onboarding.preset')}
          value={form.preset}
          onChange={(preset) =>
            edit({
              preset,
              // The new profile's own units; the owner may change them below.
              units: {},
              chargeOperation: pspPresetSettings(preset).chargeOperation ?? form.chargeOperation,
            })
          }
        />
      )}
      <TextField
        id="ob-url"
        label={t('settings.pspUrl')}
        value={form.baseUrl}
        error={error('baseUrl')}
        onChange={(baseUrl) => edit({ baseUrl })}
      />
      <p className="muted">{t(apiPix ? 'apiPix.urlHelp' : 'onboarding.urlHelp')}</p>
      {apiPix && <ApiPixFields />}
      {stored.credentials && <p className="muted">{t('onboarding.credentialsKept')}</p>}
      <TextField
        id="ob-client-id"
        label={t('settings.clientId')}
        value={form.clientId}
        error={error('clientId')}
        onChange={(clientId) => edit({ clientId })}
      />
      <TextField
        id="ob-client-secret"
        label={t('settings.clientSecret')}
        type="password"
        value={form.clientSecret}
        error={error('clientSecret')}
        onChange={(clientSecret) => edit({ clientSecret })}
      />
      {signsWithWebhook && (
        <>
          <TextField
            id="ob-webhook-secret"
            label={t('settings.webhookSecret')}
            type="password"
            value={form.webhookSecret ?? ''}
            error={error('webhookSecret')}
            onChange={(webhookSecret) => edit({ webhookSecret })}
          />
          <p className="muted">{t('onboarding.webhookSecretHelp')}</p>
        </>
      )}
      {!apiPix && (
        <>
          <UnitFields />
          <Choice
            id="ob-op"
            label={t('settings.operation')}
            value={form.chargeOperation}
            options={[
              ['deposit', t('onboarding.opDeposit')],
              ['transaction', t('onboarding.opTransaction')],
            ]}
            onChange={(chargeOperation) => edit({ chargeOperation })}
          />
        </>
      )}
      <ConnectionTest />
    </fieldset>
  );
}

const MARK = { pass: '✓', fail: '✗', skipped: '–' } as const;

/** `Testar conexão`: the button, the one-sentence verdict, and one line per check. */
export function ConnectionTest() {
  const { t } = useTranslation();
  const { test, testing, report } = useOnboarding();
  return (
    <>
      <div className="row">
        <button type="button" className="btn" disabled={testing} onClick={() => void test()}>
          {t('onboarding.test')}
        </button>
      </div>
      <p
        role="status"
        className={report ? (report.passed ? 'test-ok' : 'test-bad') : 'muted'}
        aria-live="polite"
      >
        {testing ? t('onboarding.testing') : report ? describeReport(report) : ''}
      </p>
      {report && !testing && (
        <ul className="check-lines" aria-label={t('onboarding.test')}>
          {report.checks.map((c) => {
            const d = describeCheck(c);
            return (
              <li key={c.id} className={`check-${c.state}`} data-check={c.id}>
                <span aria-hidden="true">{MARK[c.state]} </span>
                <strong>{d.name}</strong>
                <span className="sr-only">: {d.state}</span>
                {d.text && <span> — {d.text}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/**
 * The amount units (reais or cents) of each field, from the profile and editable here: the rows
 * of UNIT_ROWS over the chosen profile's settings, so a PSP that answers in cents is fixed
 * before the first sale.
 */
function UnitFields() {
  const { t } = useTranslation();
  const { form, edit, base } = useOnboarding();
  const start = base ?? defaultSettings();
  const view = {
    ...start,
    psp: withUnits({ ...start.psp, ...pspPresetSettings(form.preset) }, form.units ?? {}),
  };
  return (
    <details className="compat">
      <summary>{t('onboarding.unitsTitle')}</summary>
      <p className="muted">{t('onboarding.unitsHelp')}</p>
      <FieldRows
        key={form.preset}
        rows={UNIT_ROWS}
        s={view}
        edit={(next) => edit({ units: unitsOf(next.psp) })}
      />
    </details>
  );
}

/** Callbacks (relay) and the printer. */
export function ExtrasStep() {
  const { t } = useTranslation();
  const { form, edit, stored, base } = useOnboarding();
  const error = useFieldError();
  const relay = (patch: Partial<typeof form.relay>) => edit({ relay: { ...form.relay, ...patch } });
  return (
    <>
      <fieldset className="stack">
        <legend>{t('onboarding.relayTitle')}</legend>
        <p className="muted">{t('onboarding.relayHelp')}</p>
        <TextField
          id="ob-relay-url"
          label={t('settings.relayUrl')}
          value={form.relay.url}
          error={error('relay.url')}
          onChange={(url) => relay({ url })}
        />
        <TextField
          id="ob-relay-channel"
          label={t('settings.relayChannel')}
          value={form.relay.channelId}
          error={error('relay.channelId')}
          onChange={(channelId) => relay({ channelId })}
        />
        <TextField
          id="ob-relay-token"
          label={t('settings.relayToken')}
          type="password"
          value={form.relay.token}
          error={error('relay.token')}
          onChange={(token) => relay({ token })}
        />
        {stored.relayToken && <p className="muted">{t('settings.relayTokenStored')}</p>}
        <TextField
          id="ob-relay-admin"
          label={t('onboarding.relayAdmin')}
          type="password"
          value={form.relay.adminToken}
          error={error('relay.adminToken')}
          onChange={(adminToken) => relay({ adminToken })}
        />
        <ConnectionTest />
      </fieldset>
      {base && (
        <PrinterSection
          s={{ ...base, printer: form.printer }}
          edit={(next) => edit({ printer: next.printer })}
        />
      )}
      {error('printer.address') && (
        <p role="alert" className="field-error">
          {error('printer.address')}
        </p>
      )}
      <DefaultPayerFields />
    </>
  );
}

/** `Pagador padrão` (optional): with it, a sale at the counter is amount + Enter. */
function DefaultPayerFields() {
  const { t } = useTranslation();
  const { form, edit } = useOnboarding();
  const error = useFieldError();
  const payer = form.defaultPayer ?? { name: '', document: '', email: '', phone: '' };
  const fields = [
    ['name', 'text'],
    ['document', 'text'],
    ['email', 'email'],
    ['phone', 'tel'],
  ] as const;
  return (
    <fieldset className="stack">
      <legend>{t('defaultPayer.title')}</legend>
      <p className="muted">{t('defaultPayer.note')}</p>
      {fields.map(([k, type]) => (
        <TextField
          key={k}
          id={`ob-default-payer-${k}`}
          label={t(`defaultPayer.${k}`)}
          type={type}
          value={payer[k]}
          error={error(`defaultPayer.${k}`)}
          onChange={(v) => edit({ defaultPayer: { ...payer, [k]: v } })}
        />
      ))}
    </fieldset>
  );
}
