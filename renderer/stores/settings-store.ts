import { create } from 'zustand';
import type { CallInput } from '../../shared/ipc-contract';
import type { Result } from '../../shared/result';
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
  changePin(input: CallInput<'owner:setPin'>): Promise<void>;
}

/** Configurações: the non-secret settings, the write-only credentials' status, the owner PIN. */
export const useSettings = create<SettingsState>((set, get) => {
  /** One line under the title: what was done, or why it was not. */
  const say = (r: Result<unknown>, done: string) =>
    set({ message: r.ok ? i18next.t(done) : describeError(r) });
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
          psp: {
            baseUrl: s.psp.baseUrl,
            chargeOperation: s.psp.chargeOperation,
            statusQueryPath: s.psp.statusQueryPath,
          },
          relay: { url: s.relay.url, channelId: s.relay.channelId },
          printer: { paperWidthMm: s.printer.paperWidthMm },
          customerDisplay: s.customerDisplay,
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
      say(r, 'settings.pinChanged');
    },
  };
});
