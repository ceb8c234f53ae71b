import { create } from 'zustand';
import type { ChargeState } from '../../shared/domain/charge-state';
import type { ChargeDetail, DayClosingView, HistoryRow } from '../../shared/history';
import { HISTORY_MAX_PER_PAGE } from '../../shared/history-limits';
import type { ChargeView } from '../../shared/views';
import { bridge, describeError } from '../bridge';

export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const PER_PAGE = 50;

interface HistoryState {
  day: string;
  status: ChargeState | '';
  text: string;
  page: number;
  rows: HistoryRow[];
  /** How many charges match the filters, over all pages. */
  total: number;
  closing: DayClosingView | null;
  detail: ChargeDetail | null;
  error: string | null;
  /** Reads `page` (default: the page shown); the page number changes only with its rows. */
  load(page?: number): Promise<void>;
  setDay(d: string): Promise<void>;
  setStatus(s: ChargeState | ''): Promise<void>;
  setText(t: string): Promise<void>;
  goto(page: number): Promise<void>;
  openDetail(id: string): Promise<void>;
  closeDetail(): void;
  /** Every charge matching the filters (all pages), for the CSV. */
  allRows(): Promise<HistoryRow[] | null>;
  onUpdate(c: ChargeView): void;
  /** A devolução changed (from this screen's own dialog too): its sale's row, detail, closing. */
  onRefund(chargeId: string): void;
}

let seq = 0;

/** Histórico: one page of the day's charges at a time, the filters, a detail, the day's closing. */
export const useHistory = create<HistoryState>((set, get) => ({
  day: today(),
  status: '',
  text: '',
  page: 1,
  rows: [],
  total: 0,
  closing: null,
  detail: null,
  error: null,
  async load(requested) {
    const { day, status, text } = get();
    const page = requested ?? get().page;
    const mine = ++seq;
    const [list, closing] = await Promise.all([
      bridge().history.page({
        day,
        page,
        perPage: PER_PAGE,
        ...(status && { status }),
        ...(text.trim() && { text: text.trim() }),
      }),
      bridge().history.closing({ day }),
    ]);
    // A slower answer to an older filter never replaces a newer one.
    if (mine !== seq) return;
    set({
      ...(list.ok && { page, rows: list.value.items, total: list.value.total }),
      ...(closing.ok && { closing: closing.value }),
      error: !list.ok ? describeError(list) : !closing.ok ? describeError(closing) : null,
    });
  },
  async setDay(day) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    set({ day, page: 1 });
    await get().load();
  },
  async setStatus(status) {
    set({ status, page: 1 });
    await get().load();
  },
  async setText(text) {
    set({ text, page: 1 });
    await get().load();
  },
  async goto(page) {
    const last = Math.max(1, Math.ceil(get().total / PER_PAGE));
    // The pager moves with the rows, never ahead of them.
    await get().load(Math.min(Math.max(1, page), last));
  },
  async openDetail(id) {
    const r = await bridge().history.detail({ id });
    set(r.ok ? { detail: r.value, error: null } : { error: describeError(r) });
  },
  closeDetail: () => set({ detail: null }),
  async allRows() {
    const { day, status, text } = get();
    // Newest first: a charge created meanwhile shifts rows down a page, so ids are deduplicated.
    const out = new Map<string, HistoryRow>();
    for (let page = 1; ; page++) {
      const r = await bridge().history.page({
        day,
        page,
        perPage: HISTORY_MAX_PER_PAGE,
        ...(status && { status }),
        ...(text.trim() && { text: text.trim() }),
      });
      if (!r.ok) {
        set({ error: describeError(r) });
        return null;
      }
      for (const row of r.value.items) out.set(row.id, row);
      if (r.value.items.length < HISTORY_MAX_PER_PAGE) return [...out.values()];
    }
  },
  onUpdate(c) {
    if (!get().rows.some((x) => x.id === c.id)) return;
    set((s) => ({ rows: s.rows.map((x) => (x.id === c.id ? { ...x, ...c } : x)) }));
    // Totals and paid times come from the ledger: read this page and the closing again.
    void get().load();
  },
  onRefund(chargeId) {
    const { rows, detail } = get();
    if (detail?.charge.id === chargeId) void get().openDetail(chargeId);
    // The refunded amount, the row's status and net, and Fechamento are the ledger's: read again.
    if (rows.some((x) => x.id === chargeId)) void get().load();
  },
}));
