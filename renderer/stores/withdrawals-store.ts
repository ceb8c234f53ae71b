import { create } from 'zustand';
import type { CallInput } from '../../shared/ipc-contract';
import type { WithdrawalView } from '../../shared/views';
import { bridge, describeError } from '../bridge';

interface WithdrawalsState {
  list: WithdrawalView[];
  error: string | null;
  load(): Promise<void>;
  /** Sends the withdrawal; its id when the PSP took it (its status then arrives live), else null. */
  create(input: CallInput<'withdrawals:create'>): Promise<string | null>;
  setError(message: string | null): void;
  onUpdate(w: WithdrawalView): void;
}

/** Saque PIX: the withdrawals, newest first, updated as their statuses arrive. */
export const useWithdrawals = create<WithdrawalsState>((set, get) => ({
  list: [],
  error: null,
  async load() {
    const r = await bridge().withdrawals.list({});
    set(r.ok ? { list: r.value } : { error: describeError(r) });
  },
  async create(input) {
    const r = await bridge().withdrawals.create(input);
    if (!r.ok) {
      set({ error: describeError(r) });
      return null;
    }
    set({ error: null });
    get().onUpdate(r.value);
    return r.value.pspId ?? r.value.id;
  },
  setError: (error) => set({ error }),
  // An update replaces its withdrawal where it stands; one not listed yet goes on top.
  onUpdate: (w) =>
    set((s) => ({
      list: s.list.some((x) => x.id === w.id)
        ? s.list.map((x) => (x.id === w.id ? w : x))
        : [w, ...s.list],
    })),
}));
