import { create } from 'zustand';
import type { ChargeView } from '../../shared/views';
import { bridge } from '../bridge';
import { setLanguage } from '../i18n';

interface CustomerState {
  charge: ChargeView | null;
  /** The shop's name, for the idle screen; null until read. */
  shopName: string | null;
  load(): Promise<void>;
  onUpdate(c: ChargeView): void;
}

/** The customer display: the terminal's newest charge, as it changes. */
export const useCustomer = create<CustomerState>((set) => ({
  charge: null,
  shopName: null,
  // After a reload or restart: the charge in progress (pending or uncertain), if any; and the
  // shop's name and language, which this window shows on its own.
  async load() {
    const [r, info] = await Promise.all([bridge().charges.current({}), bridge().app.info({})]);
    if (info.ok) {
      await setLanguage(info.value.language);
      set({ shopName: info.value.shopName });
    }
    if (r.ok) set((s) => ({ charge: s.charge ?? r.value }));
  },
  // A newer charge replaces the one on screen; an older one's update does not. A late payment
  // of an abandoned charge is the cashier's news, not the payer's screen.
  onUpdate: (c) =>
    set((s) => {
      if (c.paidAfter) return s;
      return { charge: !s.charge || c.createdAt >= s.charge.createdAt ? c : s.charge };
    }),
}));
