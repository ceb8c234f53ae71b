import { create } from 'zustand';
import type { CallInput } from '../../shared/ipc-contract';
import type { Err, Result } from '../../shared/result';
import type { AppSettings } from '../../shared/settings';
import { bridge, describeError } from '../bridge';
import { i18next, setLanguage } from '../i18n';
import { useApp } from './app-store';

interface SettingsState {
  /** The form being edited; null until read. */
  draft: AppSettings | null;
  credentials: { configured: boolean; relayToken: boolean };
  message: string | null;
  load(): Promise<void>;
  edit(next: AppSettings): void;
  save(): Promise<void>;
  // Secrets go straight through: the store keeps only whether one is stored, never the value.
  saveCredentials(input: CallInput<'credentials:set'>): Promise<void>;
  saveRelayToken(token: string): Promise<void>;
  /** `Alterar PIN`: null when changed, else the refused field and why. */
  changePin(input: CallInput<'owner:setPin'>): Promise<{ field?: string; code: string } | null>;
}

/** The label key of each setting the service may name in a validation error. */
const FIELD_LABELS: Record<string, string> = {
  terminalName: 'settings.terminal',
  shopName: 'settings.shop',
  'psp.baseUrl': 'settings.pspUrl',
  'charges.expiryMinutes': 'settings.expiry',
  'relay.url': 'settings.relayUrl',
  'psp.loginClientIdField': 'compat.loginIdField',
  'psp.loginClientSecretField': 'compat.loginSecretField',
  'psp.requestTimeoutMs': 'compat.timeout',
  'psp.maxReplyBytes': 'compat.maxReplyKiB',
  'psp.maxAmountCents': 'compat.maxAmount',
  'psp.callback.signatureHeader': 'compat.signatureHeader',
  'psp.callback.timestampHeader': 'compat.timestampHeader',
  'psp.callback.eventIdHeader': 'compat.eventIdHeader',
  'psp.callback.template': 'compat.template',
  'psp.callback.toleranceSeconds': 'compat.tolerance',
  'psp.statusQueryPath': 'settings.statusQuery',
  'psp.statusQuery.body': 'pspProfile.queryBody',
  'psp.statusQuery.perMinute': 'pspProfile.queryBudget',
  'psp.gateway': 'pspProfile.gateway',
  'psp.idFields': 'compat.idFields',
  'psp.statusMap': 'compat.statusMap',
  'psp.defense.minProofs': 'compat.defenseMinProofs',
  'psp.defense.contestValue': 'compat.defenseContest',
  'psp.defense.acceptValue': 'compat.defenseAccept',
  'psp.withdrawal.path': 'compat.withdrawPath',
  'psp.withdrawal.keyTypeField': 'compat.withdrawKeyTypeField',
  'split.user': 'pspProfile.splitUser',
  'split.taxPercent': 'pspProfile.splitTax',
  'psp.callback.previousSecretHours': 'compat.previousSecretHours',
};

/** The label of a field, or of the list or map it is an item of (`psp.idFields.2`). */
const labelOf = (path: string): string | undefined => {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '')
    if (FIELD_LABELS[p]) return FIELD_LABELS[p];
  return undefined;
};

/** A refused setting, named by its label whether the contract or the service refused it. */
function settingsError(e: Err): string {
  const path = e.field?.replace(/^patch\./, '');
  if (!path || (e.code !== 'INVALID_PAYLOAD' && e.code !== 'SETTINGS_INVALID'))
    return describeError(e);
  const label = labelOf(path);
  return i18next.t('errors.SETTINGS_INVALID', { field: label ? i18next.t(label) : path });
}

/** Configurações: the non-secret settings, the write-only credentials' status, the owner PIN. */
export const useSettings = create<SettingsState>((set, get) => {
  /** One line under the title: what was done, or why it was not (naming the field by its label). */
  const say = (r: Result<unknown>, done: string) =>
    set({ message: r.ok ? i18next.t(done) : settingsError(r) });
  return {
    draft: null,
    credentials: { configured: false, relayToken: false },
    message: null,
    async load() {
      const [s, c] = await Promise.all([
        bridge().settings.get({}),
        bridge().credentials.status({}),
      ]);
      set({
        message: null,
        ...(s.ok && { draft: s.value }),
        ...(c.ok && { credentials: c.value }),
      });
    },
    edit: (draft) => set({ draft }),
    async save() {
      const s = get().draft;
      if (!s) return;
      const r = await bridge().settings.update({
        patch: {
          terminalName: s.terminalName,
          shopName: s.shopName,
          language: s.language,
          psp: s.psp,
          charges: s.charges,
          relay: s.relay,
          printer: s.printer,
          customerDisplay: s.customerDisplay,
          openAtLogin: s.openAtLogin,
          split: s.split,
        },
      });
      if (r.ok) {
        await setLanguage(r.value.language);
        set({ draft: r.value });
        await useApp.getState().refresh(); // the header shows the shop and terminal names
      }
      say(r, 'settings.saved');
    },
    async saveCredentials(input) {
      const r = await bridge().credentials.set(input);
      if (r.ok) set((st) => ({ credentials: { ...st.credentials, configured: true } }));
      say(r, 'settings.credSaved');
    },
    async saveRelayToken(token) {
      const r = await bridge().credentials.setRelayToken({ token });
      if (r.ok) set((st) => ({ credentials: { ...st.credentials, relayToken: true } }));
      say(r, 'settings.credSaved');
    },
    async changePin(input) {
      const r = await bridge().owner.setPin(input);
      set({ message: r.ok ? i18next.t('settings.pinChanged') : null });
      return r.ok ? null : { ...(r.field && { field: r.field }), code: r.code };
    },
  };
});
