import { create } from 'zustand';
import type { CallInput, CallOutput } from '../../shared/ipc-contract';
import { bridge, describeError } from '../bridge';

interface InfractionsState {
  page: number;
  data: CallOutput<'infractions:list'> | null;
  error: string | null;
  /** The infraction whose defense was just sent, for the confirmation line. */
  sent: string | null;
  load(page?: number): Promise<void>;
  /** Sends a defense; true when the PSP accepted it (the list is then read again). */
  defend(input: CallInput<'infractions:defend'>): Promise<boolean>;
}

/** Infrações (MED): one page of the PSP's list and the defenses sent from here. */
export const useInfractions = create<InfractionsState>((set, get) => ({
  page: 1,
  data: null,
  error: null,
  sent: null,
  async load(page = get().page) {
    set({ page });
    const r = await bridge().infractions.list({ page, perPage: 10 });
    set(r.ok ? { data: r.value, error: null } : { error: describeError(r) });
  },
  async defend(input) {
    const r = await bridge().infractions.defend(input);
    if (!r.ok) {
      set({ error: describeError(r) });
      return false;
    }
    set({ sent: input.infractionId, error: null });
    await get().load();
    return true;
  },
}));
