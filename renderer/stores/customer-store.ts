import { create } from 'zustand';
import type { ChargeView } from '../../shared/views';
import { bridge } from '../bridge';

interface CustomerState {
  charge: ChargeView | null;
  load(): Promise<void>;
  onUpdate(c: ChargeView): void;
}

/** The customer display: the terminal's newest charge, as it changes. */
export const useCustomer = create<CustomerState>((set) => ({
  charge: null,
  async load() {
    const r = await bridge().charges.list({ limit: 1 });
    if (r.ok) set((s) => ({ charge: s.charge ?? r.value[0] ?? null }));
  },
  // A newer charge replaces the one on screen; an older one's update does not.
  onUpdate: (c) =>
    set((s) => ({ charge: !s.charge || c.createdAt >= s.charge.createdAt ? c : s.charge })),
}));
