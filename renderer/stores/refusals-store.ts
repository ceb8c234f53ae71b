import { create } from 'zustand';
import type { CallOutput } from '../../shared/ipc-contract';
import { bridge } from '../bridge';

export type RefusalsView = CallOutput<'callbacks:refusals'>;

interface RefusalsState {
  view: RefusalsView | null;
  load(): Promise<void>;
}

/** Refused callbacks for the owner's Saúde screen (read again at each refusal notice). */
export const useRefusals = create<RefusalsState>((set) => ({
  view: null,
  async load() {
    const r = await bridge().callbacks.refusals({});
    if (r.ok) set({ view: r.value });
  },
}));
