import { pspPresetSettings } from '../../../shared/psp-presets';
import { unitsOf, withUnits } from '../../../shared/psp-units';
import { defaultSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { UNIT_ROWS } from '../settings/field-table';
import { FieldRows } from '../settings/FieldRows';

/**
 * The amount units (reais or cents) of each field, from the profile and editable here: the rows
 * of UNIT_ROWS over the chosen profile's settings, so a PSP that answers in cents is fixed
 * before the first sale.
 */
export function UnitFields() {
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
