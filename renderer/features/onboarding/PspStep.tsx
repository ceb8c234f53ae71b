import { pspPresetSettings } from '../../../shared/psp-presets';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { ClientCredentialFields } from '../settings/ClientCredentialFields';
import { PresetPicker } from '../settings/PresetPicker';
import { ApiPixFields, ApiPixPresetChoice } from './ApiPixStep';
import { ConnectionTest } from './ConnectionTest';
import { useFieldError } from './field-error';
import { OnboardingChoice } from './OnboardingChoice';
import { OnboardingField } from './OnboardingField';
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
      <OnboardingChoice
        name="kind"
        id="ob-kind"
        label={t('apiPix.kind')}
        options={{ family: 'apiPix.kindFamily', 'api-pix': 'apiPix.kindApiPix' }}
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
      <OnboardingField name="baseUrl" id="ob-url" label={t('settings.pspUrl')} />
      <p className="muted">{t(apiPix ? 'apiPix.urlHelp' : 'onboarding.urlHelp')}</p>
      {apiPix && <ApiPixFields />}
      {stored.credentials && <p className="muted">{t('onboarding.credentialsKept')}</p>}
      <ClientCredentialFields
        ids={['ob-client-id', 'ob-client-secret']}
        value={form}
        error={error}
        onChange={edit}
      />
      {signsWithWebhook && (
        <>
          <OnboardingField
            name="webhookSecret"
            id="ob-webhook-secret"
            label={t('settings.webhookSecret')}
            secret
          />
          <p className="muted">{t('onboarding.webhookSecretHelp')}</p>
        </>
      )}
      {!apiPix && (
        <>
          <UnitFields />
          <OnboardingChoice
            name="chargeOperation"
            id="ob-op"
            label={t('settings.operation')}
            options={{ deposit: 'onboarding.opDeposit', transaction: 'onboarding.opTransaction' }}
          />
        </>
      )}
      <ConnectionTest />
    </fieldset>
  );
}
