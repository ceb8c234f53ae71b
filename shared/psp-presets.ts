import type { PspSettingsInput } from './psp-settings';

/**
 * PSP presets (PSP-API.md, "presets"): named sets of the compatibility settings. Each only
 * sets settings; every value stays editable. Names shown are the i18n keys `presets.<id>`.
 * (Minimal version: the `seed` preset alone; the psp branch adds the others.)
 */
export const PSP_PRESET_IDS = ['seed'] as const;
export type PspPresetId = (typeof PSP_PRESET_IDS)[number];

type PresetSettings = Omit<PspSettingsInput, 'baseUrl'>;

const PRESETS: Record<PspPresetId, PresetSettings> = {
  // A1–A16: today's defaults, written out so choosing it resets edited values.
  seed: {
    chargeOperation: 'deposit',
    loginClientIdField: 'client_id',
    loginClientSecretField: 'client_secret',
    withdrawAuth: 'bearer',
    statusQueryPath: '',
  },
};

export function pspPresetSettings(id: PspPresetId): PresetSettings {
  return PRESETS[id];
}
