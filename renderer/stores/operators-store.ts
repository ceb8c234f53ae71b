import { create } from 'zustand';
import type { AtCounterDto, OperatorViewDto, ShiftSummaryDto } from '../../shared/operators';
import { bridge, describeError } from '../bridge';
import { i18next } from '../i18n';

interface OperatorsState {
  /** Operators set up at this shop: the Caixa asks "Quem está no caixa?" (false = as before). */
  enabled: boolean;
  current: AtCounterDto | null;
  /** The prompt's names (active operators only, never a PIN). */
  roster: OperatorViewDto[];
  /** Fechar turno's summary on screen, once closed. */
  summary: ShiftSummaryDto | null;
  /** Operadores (owner): every operator, disabled ones too; `listError` the words of a refusal. */
  all: OperatorViewDto[];
  listError: string | null;
  load(): Promise<void>;
  loadAll(): Promise<void>;
  /** Her PIN opens or resumes her shift; the words of a refusal, or null. */
  enter(operatorId: string, pin: string): Promise<string | null>;
  /** Trocar operador: back to the prompt; the charge on screen stays and is still watched. */
  leave(): Promise<void>;
  /** Fechar turno of whoever is at the counter: the summary, or the words of a refusal. */
  closeShift(): Promise<string | null>;
  dismissSummary(): void;
  /**
   * Why the counter went back to the prompt on its own (her operator disabled mid-shift, her
   * shift closed elsewhere), in words, until someone enters.
   */
  notice: string | null;
  /** The services refused an action because nobody is at the counter any more: back to the prompt. */
  dropped(code: string): Promise<void>;
  /** The idle lock fired: back to the prompt, as Trocar operador (the shift stays open). */
  idleLock(): Promise<void>;
}

/** The refusals that mean "nobody is at the counter any more" (issue 36). */
export const LEFT_COUNTER = ['OPERATOR_DISABLED', 'SHIFT_NOT_OPEN'];

/** Who is at the counter (issue 36); the Caixa's prompt, bar and Fechar turno read it. */
export const useOperators = create<OperatorsState>((set, get) => ({
  enabled: false,
  current: null,
  roster: [],
  summary: null,
  all: [],
  listError: null,
  notice: null,
  async idleLock() {
    await get().leave();
    set({ notice: i18next.t('operators.idleLocked') });
  },
  async dropped(code) {
    set({ current: null, notice: describeError({ code }) });
    await get().load();
  },
  async loadAll() {
    const r = await bridge().operators.list({});
    set(r.ok ? { all: r.value, listError: null } : { listError: describeError(r) });
    await get().load();
  },
  async load() {
    const api = bridge();
    const [cur, roster] = await Promise.all([api.operators.current({}), api.operators.roster({})]);
    if (cur.ok) set({ enabled: cur.value.enabled, current: cur.value.current });
    // Found out here first (her disabling closed her shift on this very call): say so.
    if (cur.ok && cur.value.code === 'OPERATOR_DISABLED')
      set({ notice: describeError({ code: cur.value.code }) });
    if (roster.ok) set({ roster: roster.value });
  },
  async enter(operatorId, pin) {
    const r = await bridge().operators.enter({ operatorId, pin });
    if (!r.ok) return describeError(r, { seconds: Math.ceil((r.retryAfterMs ?? 0) / 1000) });
    set({ current: r.value, notice: null });
    return null;
  },
  async leave() {
    await bridge().operators.leave({});
    set({ current: null });
    await get().load();
  },
  async closeShift() {
    const shiftId = get().current?.shift.id;
    if (!shiftId) return null;
    const r = await bridge().shifts.close({ shiftId });
    if (!r.ok) return describeError(r);
    set({ summary: r.value, current: null });
    return null;
  },
  dismissSummary: () => set({ summary: null }),
}));
