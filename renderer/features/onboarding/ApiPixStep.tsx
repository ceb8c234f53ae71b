import { API_PIX_PRESET_IDS, apiPixPresetSettings } from '../../../shared/api-pix-presets';
import type { ApiPixForm } from '../../../shared/onboarding';
import { defaultSettings } from '../../../shared/settings';
import { Choice } from '../../components/Choice';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { CertificateFields } from '../settings/CertificateFields';
import { API_PIX_ROWS } from '../settings/field-table';
import { FieldRows } from '../settings/FieldRows';
import { useFieldError } from './field-error';

/** The bank's preset: fills the API's address and the token's, every value still editable. */
export function ApiPixPresetChoice() {
  const { t } = useTranslation();
  const { form, edit } = useOnboarding();
  return (
    <Choice
      id="ob-apipix-preset"
      label={t('apiPix.preset')}
      value={form.apiPix.preset}
      options={[
        ['', t('apiPix.presetCustom')],
        ...API_PIX_PRESET_IDS.map((p) => [p, t(`apiPix.presets.${p}`)] as const),
      ]}
      onChange={(preset) => {
        if (!preset) return edit({ apiPix: { ...form.apiPix, preset } });
        const p = apiPixPresetSettings(preset);
        edit({
          baseUrl: p.baseUrl ?? form.baseUrl,
          apiPix: { ...form.apiPix, ...p.apiPix, preset } as ApiPixForm,
        });
      }}
    />
  );
}

/** The API Pix settings (rows of API_PIX_ROWS) and the client certificate, on the PSP step. */
export function ApiPixFields() {
  const { form, edit, base, stored } = useOnboarding();
  const error = useFieldError();
  const start = base ?? defaultSettings();
  const view = {
    ...start,
    psp: {
      ...start.psp,
      kind: 'api-pix' as const,
      apiPix: { ...start.psp.apiPix, ...form.apiPix },
    },
  };
  const problem = error('apiPix.tokenUrl') ?? error('apiPix.chave');
  return (
    <>
      <FieldRows
        key={form.apiPix.preset}
        rows={API_PIX_ROWS}
        s={view}
        edit={(next) => {
          // Only the form's own fields (its schema is strict): not the settings' other ones.
          const { tokenUrl, tokenAuth, scopes, chave, expiracaoSeconds } = next.psp.apiPix;
          edit({
            apiPix: {
              preset: form.apiPix.preset,
              tokenUrl,
              tokenAuth,
              scopes,
              chave,
              expiracaoSeconds,
            },
          });
        }}
      />
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <CertificateFields
        idPrefix="ob-cert"
        value={form.certificate}
        stored={stored.certificate}
        error={error('certificate.certPem')}
        onChange={(certificate) => edit({ certificate })}
      />
    </>
  );
}
