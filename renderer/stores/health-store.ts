import { create } from 'zustand';
import type { CallOutput } from '../../shared/ipc-contract';
import { bridge } from '../bridge';

export type HealthView = CallOutput<'health:get'>;

interface HealthState {
  view: HealthView | null;
  checking: boolean;
  /** `probe`: ask the PSP, printer and keychain now (the owner's `Verificar agora`). */
  load(probe?: boolean): Promise<void>;
  set(v: HealthView): void;
}

/** The Saúde panel and the cashier's compact indicator read the same state (health:changed). */
export const useHealth = create<HealthState>((set) => ({
  view: null,
  checking: false,
  async load(probe = false) {
    set({ checking: probe });
    const r = await bridge().health.get(probe ? { probe } : {});
    set({ checking: false, ...(r.ok && { view: r.value }) });
  },
  set: (view) => set({ view }),
}));
