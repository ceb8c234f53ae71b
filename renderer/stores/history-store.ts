import { create } from 'zustand';
import type { ChargeState } from '../../shared/domain/charge-state';
import type { CallOutput } from '../../shared/ipc-contract';
import type { ChargeView } from '../../shared/views';
import { bridge } from '../bridge';

export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface HistoryState {
  day: string;
  status: ChargeState | '';
  charges: ChargeView[];
  summary: CallOutput<'charges:daySummary'> | null;
  reprint: ChargeView | null;
  load(): Promise<void>;
  setDay(d: string): Promise<void>;
  setStatus(s: ChargeState | ''): Promise<void>;
  setReprint(c: ChargeView | null): void;
  onUpdate(c: ChargeView): void;
}

/** Histórico: one day's charges, filtered by status, and that day's totals. */
export const useHistory = create<HistoryState>((set, get) => ({
  day: today(),
  status: '',
  charges: [],
  summary: null,
  reprint: null,
  async load() {
    const { day, status } = get();
    const [list, summary] = await Promise.all([
      bridge().charges.list({ day, ...(status && { status }) }),
      bridge().charges.daySummary({ day }),
    ]);
    if (list.ok) set({ charges: list.value });
    if (summary.ok) set({ summary: summary.value });
  },
  async setDay(day) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    set({ day });
    await get().load();
  },
  async setStatus(status) {
    set({ status });
    await get().load();
  },
  setReprint: (reprint) => set({ reprint }),
  onUpdate(c) {
    if (get().charges.some((x) => x.id === c.id))
      set((s) => ({ charges: s.charges.map((x) => (x.id === c.id ? c : x)) }));
  },
}));
