import { pspPresetSettings } from '../../../shared/psp-presets';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { PresetPicker } from '../settings/PresetPicker';
import { ApiPixFields, ApiPixPresetChoice } from './ApiPixStep';
import { ConnectionTest } from './ConnectionTest';
import { useFieldError } from './field-error';
import { UnitFields } from './UnitFields';

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
