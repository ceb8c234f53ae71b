import { useState } from 'react';
import { pspPresetSettings } from '../../../shared/psp-presets';
import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { PROFILE_ROWS } from './field-table';
import { FieldRows } from './FieldRows';
import { PresetPicker } from './PresetPicker';

/**
 * `Perfil do PSP` (docs/psp-compatibility.md, "Presets"): choosing one fills in its
 * compatibility settings, every one still editable under Avançado; the `Divisão (split)` and
 * gateway sent with `/transactions/create`, behind their own disclosure (rarely used). The
 * fields are the rows of PROFILE_ROWS (field-table.ts); the status query's request and reply
 * paths are under Avançado (QUERY_ROWS).
 */
export function PspProfileSection({ s, edit }: { s: AppSettings; edit(next: AppSettings): void }) {
  const { t } = useTranslation();
  // Read once: typing in it, or emptying it, never closes it under the cursor.
  const [splitSet] = useState(() => !!(s.split.user || s.psp.gateway));
  // The API Pix has no such profile (docs/api-pix.md).
  if (s.psp.kind === 'api-pix') return null;
  return (
    <fieldset className="stack">
      <legend>{t('pspProfile.title')}</legend>
      <PresetPicker
        id="set-preset"
        label={t('pspProfile.preset')}
        value={s.psp.preset}
        onChange={(id) => edit({ ...s, psp: { ...s.psp, ...pspPresetSettings(id) } })}
      />
      {/* Rarely used: closed unless one was set, so the PSP's section fits one screen. */}
      <details className="compat" open={splitSet || undefined}>
        <summary>{t('pspProfile.splitTitle')}</summary>
        <FieldRows key={s.psp.preset} rows={PROFILE_ROWS} s={s} edit={edit} />
      </details>
    </fieldset>
  );
}
