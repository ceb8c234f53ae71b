import { PSP_PRESET_IDS, pspPresetSettings, type PspPresetId } from '../../../shared/psp-presets';
import type { AppSettings } from '../../../shared/settings';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/**
 * `Perfil do PSP` (docs/psp-compatibility.md, "Presets"): choosing one fills in its
 * compatibility settings, every one still editable below; the callback policy and the status
 * query it relies on; the `Divisão (split)` and gateway sent with `/transactions/create`.
 */
export function PspProfileSection({ s, edit }: { s: AppSettings; edit(next: AppSettings): void }) {
  const { t } = useTranslation();
  const psp = (patch: Partial<AppSettings['psp']>) => edit({ ...s, psp: { ...s.psp, ...patch } });
  const q = (patch: Partial<AppSettings['psp']['statusQuery']>) =>
    psp({ statusQuery: { ...s.psp.statusQuery, ...patch } });
  const presets: Array<readonly [PspPresetId | 'custom', string]> = PSP_PRESET_IDS.map(
    (id) => [id, t(`presets.${id}`)] as const,
  );
  if (s.psp.preset === 'custom') presets.push(['custom', t('presets.custom')]);
  return (
    <fieldset className="stack">
      <legend>{t('pspProfile.title')}</legend>
      <Choice
        id="set-preset"
        label={t('pspProfile.preset')}
        value={s.psp.preset}
        options={presets}
        onChange={(id) => id !== 'custom' && psp({ ...pspPresetSettings(id) })}
      />
      <Choice
        id="set-policy"
        label={t('pspProfile.policy')}
        value={s.psp.callbackPolicy}
        options={[
          ['hmac', t('pspProfile.policyHmac')],
          ['confirm-by-query', t('pspProfile.policyQuery')],
        ]}
        onChange={(callbackPolicy) => psp({ callbackPolicy, preset: 'custom' })}
      />
      <p className="muted">{t('pspProfile.policyNote')}</p>
      <Choice
        id="set-query-method"
        label={t('pspProfile.queryMethod')}
        value={s.psp.statusQuery.method}
        options={[
          ['GET', 'GET'],
          ['POST', 'POST'],
        ]}
        onChange={(method) => q({ method })}
      />
      <TextField
        id="set-query-body"
        label={t('pspProfile.queryBody')}
        value={s.psp.statusQuery.body}
        onChange={(body) => q({ body })}
      />
      <TextField
        id="set-query-budget"
        type="number"
        label={t('pspProfile.queryBudget')}
        value={s.psp.statusQuery.perMinute}
        onChange={(v) => q({ perMinute: Number(v) })}
      />
      <TextField
        id="set-split-user"
        label={t('pspProfile.splitUser')}
        value={s.split.user}
        onChange={(user) => edit({ ...s, split: { ...s.split, user } })}
      />
      <TextField
        id="set-split-tax"
        type="number"
        label={t('pspProfile.splitTax')}
        value={s.split.taxPercent}
        onChange={(v) => edit({ ...s, split: { ...s.split, taxPercent: Number(v) } })}
      />
      <TextField
        id="set-gateway"
        label={t('pspProfile.gateway')}
        value={s.psp.gateway}
        onChange={(gateway) => psp({ gateway })}
      />
    </fieldset>
  );
}
