import { create } from 'zustand';
import { shiftInDigit, shiftOutDigit } from '../../shared/domain/money';
import type { DefaultPayer } from '../../shared/settings';
import type { ChargeView } from '../../shared/views';
import { bridge, describeError } from '../bridge';
import { LEFT_COUNTER, useOperators } from './operators-store';
import { validateForm, type CashierForm, type FieldErrors } from '../features/cashier/validate';
import { EMPTY_COBV, type CobvDraft, type CobvErrors } from '../features/cashier/cobv-draft';
import { salePayer, useApp } from './app-store';

/** What the confirmation dialog is about: a create in flight, or the pending charge on screen. */
export type Confirm = null | { kind: 'abandon' | 'cancel' | 'new'; amountCents: number };

interface CashierState {
  form: CashierForm;
  errors: FieldErrors;
  /** `Com vencimento` (Validade = 'cobv'): its fields as typed, and their errors (codes). */
  cobv: CobvDraft;
  cobvErrors: CobvErrors;
  setCobv(patch: Partial<CobvDraft>): void;
  charge: ChargeView | null;
  /** The sale's request in flight: only ITS answer may reach the screen. */
  requestId: string | null;
  busy: boolean;
  message: string | null;
  confirm: Confirm;
  /** The payer fields are open (always, without a default payer). */
  identify: boolean;
  /** Bumped when a submit is refused, so the screen moves the cursor to the first problem once. */
  refusals: number;
  /** Bumped on every reset, so the screen focuses the amount after React has re-enabled it. */
  resets: number;
  /** A PDV sale filled in that waits for its payer to be typed: its reference, until sent. */
  pdvWaiting: string | null;
  typeDigit(d: number): void;
  backspace(): void;
  setAmount(cents: number): void;
  setField(field: Exclude<keyof CashierForm, 'amountCents'>, value: string): void;
  setIdentify(on: boolean): void;
  submit(): Promise<void>;
  /** Esc / `Nova cobrança`: starts over, asking first while a charge may still be paid. */
  startOver(): void;
  /** `Cancelar cobrança`. */
  askCancel(): void;
  confirmYes(): Promise<void>;
  confirmNo(): void;
  reset(): void;
  /** After a reload or restart: the charge in progress comes back on screen. */
  restore(): Promise<void>;
  simulate(): Promise<void>;
  recheck(): Promise<void>;
  onUpdate(c: ChargeView): void;
  /** The shop's PDV handed a sale over: shown when the Caixa is free (the service checked). */
  adopt(c: ChargeView): void;
  /** A `balcao://cobrar` link: the amount (and reference) filled, when the form is free. */
  prefill(amountCents: number, reference?: string, waitsForPayer?: boolean): boolean;
}

/** The form is frozen while its charge may still be paid (everything but a plain failure). */
export const isLocked = (c: ChargeView | null) => c !== null && c.status !== 'FAILED';
/**
 * A charge that may still be paid: leaving it asks first, and cancels it. One being retired
 * (no QR can be had; its retry's answer is awaited) is not: the cashier was told to start anew.
 */
export const isOpen = (c: ChargeView | null) =>
  c !== null &&
  (c.status === 'PENDING' || c.status === 'UNCERTAIN' || c.status === 'SUBMITTING') &&
  c.notice?.code !== 'UNCERTAIN_RETIRED';

const empty = (): CashierForm => ({
  amountCents: 0,
  description: '',
  name: '',
  document: '',
  email: '',
  phone: '',
  validity: '',
});

/** The payer sent: the one typed when identifying, else the owner's default payer. */
export function payerFor(form: CashierForm, identify: boolean, dp: DefaultPayer | null) {
  return !identify && dp ? { ...form, ...dp } : form;
}

const newRequestId = () => crypto.randomUUID();

/**
 * `Com vencimento`'s rules load when the choice is made (not with the Caixa: issue 35's small
 * first screen); `Cobrar` waits for them if they are not in yet.
 */
type CobvRules = typeof import('../features/cashier/cobv-rules');
let cobvRules: CobvRules | null = null;
const loadCobvRules = async () => (cobvRules ??= await import('../features/cashier/cobv-rules'));

/** The counter: the form, the charge on screen (only the one it asked for), and its status. */
export const useCashier = create<CashierState>((set, get) => ({
  form: empty(),
  errors: {},
  cobv: EMPTY_COBV,
  cobvErrors: {},
  setCobv: (patch) =>
    !isLocked(get().charge) &&
    set((s) => ({
      cobv: { ...s.cobv, ...patch },
      cobvErrors: Object.fromEntries(
        Object.entries(s.cobvErrors).filter(([k]) => !(k in patch)),
      ) as CobvErrors,
    })),
  charge: null,
  requestId: null,
  busy: false,
  message: null,
  confirm: null,
  identify: false,
  refusals: 0,
  resets: 0,
  pdvWaiting: null,
  typeDigit: (d) =>
    !isLocked(get().charge) &&
    !get().busy &&
    set((s) => ({
      form: { ...s.form, amountCents: shiftInDigit(s.form.amountCents, d) },
      errors: { ...s.errors, amount: undefined },
    })),
  backspace: () =>
    !isLocked(get().charge) &&
    !get().busy &&
    set((s) => ({ form: { ...s.form, amountCents: shiftOutDigit(s.form.amountCents) } })),
  setAmount: (cents) =>
    !isLocked(get().charge) &&
    set((s) => ({
      form: { ...s.form, amountCents: cents },
      errors: { ...s.errors, amount: undefined },
    })),
  setField: (field, value) => {
    if (field === 'validity' && value === 'cobv') void loadCobvRules();
    return (
      !isLocked(get().charge) &&
      set((s) => ({
        form: { ...s.form, [field]: value },
        errors: { ...s.errors, [field]: undefined },
      }))
    );
  },
  setIdentify: (on) => set({ identify: on }),
  async submit() {
    const { form, busy, charge, identify } = get();
    const { info } = useApp.getState();
    const defaultPayer = salePayer(useApp.getState());
    // One charge per sale: once a charge is on screen, only "Nova cobrança" (or a failure) frees the form.
    if (busy || !info || isLocked(charge)) return;
    const sent = payerFor(form, identify, defaultPayer);
    const errors = validateForm(sent, info.chargeOperation, info.maxAmountCents);
    if (Object.values(errors).some(Boolean)) {
      // A bad default payer cannot be fixed here: open the fields so the cashier sees why.
      const payerWrong = !identify && defaultPayer && !errors.amount;
      return set((s) => ({
        errors,
        message: null,
        refusals: s.refusals + 1,
        ...(payerWrong && { identify: true }),
      }));
    }
    // `Com vencimento`: its terms read by the same rules the service applies, each problem
    // under its field, nothing sent while one is wrong.
    let rules = cobvRules;
    if (form.validity === 'cobv' && !rules) {
      set({ busy: true }); // a second Enter while the rules load is not a second sale
      rules = await loadCobvRules();
      set({ busy: false });
    }
    const due =
      form.validity === 'cobv' && rules
        ? rules.readCobvDraft(get().cobv, form.amountCents, sent, rules.shopDate(Date.now()))
        : null;
    if (due && 'errors' in due)
      return set((s) => ({ cobvErrors: due.errors, message: null, refusals: s.refusals + 1 }));
    const requestId = newRequestId();
    set({
      busy: true,
      message: null,
      errors: {},
      cobvErrors: {},
      requestId,
      charge: null,
      pdvWaiting: null,
    });
    const r = await bridge().charges.create({
      requestId,
      amountCents: form.amountCents,
      ...(form.description.trim() && { description: form.description.trim() }),
      ...(due ? { cobv: due.terms } : form.validity && { validityHours: Number(form.validity) }),
      payer: {
        name: sent.name,
        document: sent.document,
        ...(info.chargeOperation === 'deposit' && { email: sent.email, phone: sent.phone }),
      },
    });
    // The sale was abandoned meanwhile: this answer belongs to no one on screen.
    if (get().requestId !== requestId) return;
    if (r.ok) set({ charge: r.value, busy: false, requestId: null });
    else if (r.field && ['amount', 'name', 'document', 'email', 'phone'].includes(r.field)) {
      set((s) => ({
        errors: { [r.field!]: r.code },
        busy: false,
        requestId: null,
        refusals: s.refusals + 1,
      }));
    } else if (r.code.startsWith('COBV_') && r.field) {
      set((s) => ({
        cobvErrors: { [(cobvRules?.fieldOfRule ?? (() => 'dueDate'))(r.field!)]: r },
        busy: false,
        requestId: null,
        refusals: s.refusals + 1,
      }));
    } else if (LEFT_COUNTER.includes(r.code)) {
      // Her operator was disabled (or her shift closed) meanwhile: the prompt says so, in words.
      set({ busy: false, requestId: null });
      void useOperators.getState().dropped(r.code);
    } else set({ message: describeError(r), busy: false, requestId: null });
  },
  startOver() {
    const { busy, charge, form, confirm } = get();
    if (confirm) return;
    if (busy) return set({ confirm: { kind: 'abandon', amountCents: form.amountCents } });
    if (isOpen(charge)) return set({ confirm: { kind: 'new', amountCents: charge!.amountCents } });
    get().reset();
  },
  askCancel() {
    const { charge } = get();
    if (isOpen(charge)) set({ confirm: { kind: 'cancel', amountCents: charge!.amountCents } });
  },
  async confirmYes() {
    const { confirm, requestId, charge } = get();
    if (!confirm) return;
    if (confirm.kind === 'abandon') {
      if (requestId) void bridge().charges.abandon({ requestId });
      return get().reset();
    }
    if (!charge) return get().reset();
    const r = await bridge().charges.cancel({ id: charge.id });
    if (!r.ok) return set({ confirm: null, message: describeError(r) });
    // `Cancelar cobrança` shows the canceled charge (and what it means); `Nova cobrança` starts over.
    if (confirm.kind === 'cancel') set({ confirm: null, charge: r.value });
    else get().reset();
  },
  confirmNo: () => set({ confirm: null }),
  reset: () =>
    set((s) => ({
      form: empty(),
      errors: {},
      cobv: EMPTY_COBV,
      cobvErrors: {},
      charge: null,
      requestId: null,
      message: null,
      busy: false,
      confirm: null,
      identify: false,
      resets: s.resets + 1,
      pdvWaiting: null,
    })),
  async restore() {
    const r = await bridge().charges.current({});
    const s = get();
    if (!r.ok || !r.value || s.charge || s.busy) return;
    set({ charge: r.value, form: { ...empty(), amountCents: r.value.amountCents } });
  },
  async simulate() {
    const c = get().charge;
    if (!c) return;
    const r = await bridge().charges.simulatePayment({ id: c.id });
    if (!r.ok) set({ message: describeError(r) });
  },
  async recheck() {
    const c = get().charge;
    if (!c) return;
    const r = await bridge().charges.recheck({ id: c.id });
    if (r.ok && get().charge?.id === c.id) set({ charge: r.value });
  },
  onUpdate(c) {
    if (get().charge?.id === c.id) set({ charge: c });
  },
  prefill(amountCents, reference, waitsForPayer) {
    const s = get();
    if (s.busy || isLocked(s.charge) || s.confirm) return false;
    set({
      charge: null,
      form: { ...empty(), amountCents, ...(reference && { description: `PDV ${reference}` }) },
      errors: {},
      message: null,
      pdvWaiting: waitsForPayer ? (reference ?? '') : null,
    });
    return true;
  },
  adopt(c) {
    const s = get();
    if (s.busy || isOpen(s.charge)) return;
    set({
      charge: c,
      form: { ...empty(), amountCents: c.amountCents },
      confirm: null,
      message: null,
    });
  },
}));
