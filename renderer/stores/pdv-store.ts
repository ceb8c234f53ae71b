import { create } from 'zustand';
import type { CallOutput } from '../../shared/ipc-contract';
import type { AppSettings } from '../../shared/settings';
import { bridge, describeError } from '../bridge';

export type PdvOverview = CallOutput<'pdv:overview'>;
export type PdvSettings = AppSettings['pdv'];

interface PdvState {
  overview: PdvOverview | null;
  settings: PdvSettings | null;
  message: string | null;
  /** A token just generated: shown this once, never kept anywhere else. */
  token: string | null;
  load(): Promise<void>;
  save(patch: Partial<PdvSettings>): Promise<boolean>;
  newToken(): Promise<void>;
}

/** Integração com o PDV: the exchange's state, its settings and the last requests. */
export const usePdv = create<PdvState>((set, get) => ({
  overview: null,
  settings: null,
  message: null,
  token: null,
  async load() {
    const [o, s] = await Promise.all([bridge().pdv.overview({}), bridge().settings.get({})]);
    if (o.ok) set({ overview: o.value });
    else set({ message: describeError(o) });
    if (s.ok) set({ settings: s.value.pdv });
  },
  async save(patch) {
    const r = await bridge().settings.update({ patch: { pdv: patch } });
    if (!r.ok) {
      set({ message: describeError(r, { field: r.field ?? '' }) });
      return false;
    }
    set({ settings: r.value.pdv, message: null });
    await get().load();
    return true;
  },
  async newToken() {
    const r = await bridge().pdv.newToken({});
    if (r.ok) set({ token: r.value.token, message: null });
    else set({ message: describeError(r) });
    await get().load();
  },
}));
