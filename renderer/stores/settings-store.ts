import { create } from 'zustand';
import type { CallInput } from '../../shared/ipc-contract';
import type { Err, Result } from '../../shared/result';
import type { AppSettings } from '../../shared/settings';
import { bridge, describeError } from '../bridge';
import { i18next, setLanguage } from '../i18n';
import { useApp } from './app-store';
import { labelOfPath } from '../features/settings/field-table';

interface SettingsState {
  /** The form being edited; null until read. */
  draft: AppSettings | null;
  credentials: {
    configured: boolean;
    relayToken: boolean;
    webhookSecret: boolean;
    clientCertificate?: boolean;
  };
  message: string | null;
  load(): Promise<void>;
  edit(next: AppSettings): void;
  save(): Promise<void>;
  // Secrets go straight through: the store keeps only whether one is stored, never the value.
  saveCredentials(input: CallInput<'credentials:set'>): Promise<void>;
  saveRelayToken(token: string): Promise<void>;
  saveWebhookSecret(secret: string): Promise<void>;
  saveCertificate(input: CallInput<'credentials:setClientCertificate'>): Promise<void>;
  /** `Alterar PIN`: null when changed, else the refused field and why. */
  changePin(input: CallInput<'owner:setPin'>): Promise<{ field?: string; code: string } | null>;
}

/** A refused setting, named by its label whether the contract or the service refused it. */
function settingsError(e: Err): string {
  const path = e.field?.replace(/^patch\./, '');
  if (!path || (e.code !== 'INVALID_PAYLOAD' && e.code !== 'SETTINGS_INVALID'))
    return describeError(e);
  const label = labelOfPath(path);
  return i18next.t('errors.SETTINGS_INVALID', { field: label ? i18next.t(label) : path });
}

/** Configurações: the non-secret settings, the write-only credentials' status, the owner PIN. */
export const useSettings = create<SettingsState>((set, get) => {
  /** One line under the title: what was done, or why it was not (naming the field by its label). */
  const say = (r: Result<unknown>, done: string) =>
    set({ message: r.ok ? i18next.t(done) : settingsError(r) });
  return {
    draft: null,
    credentials: { configured: false, relayToken: false, webhookSecret: false },
    message: null,
    async load() {
      // A draft left from an earlier visit is not shown (nor edited) while the app's own values
      // are on the way: an edit made then was overwritten when they arrived, and saved as such.
      set({ draft: null });
      const [s, c] = await Promise.all([
        bridge().settings.get({}),
        bridge().credentials.status({}),
      ]);
      set({
        message: null,
        ...(s.ok && { draft: s.value }),
        ...(c.ok && { credentials: { ...c.value, webhookSecret: !!c.value.webhookSecret } }),
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
          station: s.station,
          psp: s.psp,
          charges: s.charges,
          relay: s.relay,
          printer: s.printer,
          customerDisplay: s.customerDisplay,
          openAtLogin: s.openAtLogin,
          keychain: s.keychain,
          split: s.split,
          backups: s.backups,
          operators: s.operators,
        },
      });
      if (r.ok) {
        await setLanguage(r.value.language);
        set({ draft: r.value });
        await useApp.getState().refresh(); // the header's names; the menu of a Caixa or owner-only PC
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
    async saveWebhookSecret(secret) {
      const r = await bridge().credentials.setWebhookSecret({ secret });
      if (r.ok)
        set((st) => ({ credentials: { ...st.credentials, webhookSecret: r.value.webhookSecret } }));
      say(r, 'settings.webhookSecretSaved');
    },
    async saveCertificate(input) {
      const r = await bridge().credentials.setClientCertificate(input);
      if (r.ok)
        set((st) => ({
          credentials: { ...st.credentials, clientCertificate: r.value.clientCertificate },
        }));
      say(r, 'apiPix.certificateSaved');
    },
    async changePin(input) {
      const r = await bridge().owner.setPin(input);
      set({ message: r.ok ? i18next.t('settings.pinChanged') : null });
      return r.ok ? null : { ...(r.field && { field: r.field }), code: r.code };
    },
  };
});
