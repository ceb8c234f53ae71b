import { create } from 'zustand';
import { shiftInDigit, shiftOutDigit } from '../../shared/domain/money';
import type { ChargeView } from '../../shared/views';
import { bridge, describeError } from '../bridge';
import { validateForm, type CashierForm, type FieldErrors } from '../features/cashier/validate';
import { useApp } from './app-store';

interface CashierState {
  form: CashierForm;
  errors: FieldErrors;
  charge: ChargeView | null;
  busy: boolean;
  message: string | null;
  /** Bumped when a submit is refused, so the screen moves the cursor to the first problem once. */
  refusals: number;
  /** Bumped on every reset, so the screen focuses the amount after React has re-enabled it. */
  resets: number;
  typeDigit(d: number): void;
  backspace(): void;
  setAmount(cents: number): void;
  setField(field: Exclude<keyof CashierForm, 'amountCents'>, value: string): void;
  submit(): Promise<void>;
  reset(): void;
  simulate(): Promise<void>;
  recheck(): Promise<void>;
  onUpdate(c: ChargeView): void;
}

/** The form is frozen while its charge may still be paid (everything but a plain failure). */
export const isLocked = (c: ChargeView | null) => c !== null && c.status !== 'FAILED';

const empty = (): CashierForm => ({
  amountCents: 0,
  description: '',
  name: '',
  document: '',
  email: '',
  phone: '',
});

/** The counter: the form, the charge on screen, and its live status. */
export const useCashier = create<CashierState>((set, get) => ({
  form: empty(),
  errors: {},
  charge: null,
  busy: false,
  message: null,
  refusals: 0,
  resets: 0,
  typeDigit: (d) =>
    !isLocked(get().charge) &&
    set((s) => ({
      form: { ...s.form, amountCents: shiftInDigit(s.form.amountCents, d) },
      errors: { ...s.errors, amount: undefined },
    })),
  backspace: () =>
    !isLocked(get().charge) &&
    set((s) => ({ form: { ...s.form, amountCents: shiftOutDigit(s.form.amountCents) } })),
  setAmount: (cents) =>
    !isLocked(get().charge) &&
    set((s) => ({
      form: { ...s.form, amountCents: cents },
      errors: { ...s.errors, amount: undefined },
    })),
  setField: (field, value) =>
    !isLocked(get().charge) &&
    set((s) => ({
      form: { ...s.form, [field]: value },
      errors: { ...s.errors, [field]: undefined },
    })),
  async submit() {
    const { form, busy, charge } = get();
    const info = useApp.getState().info;
    // One charge per sale: once a charge is on screen, only "Nova cobrança" (or a failure) frees the form.
    if (busy || !info || isLocked(charge)) return;
    const errors = validateForm(form, info.chargeOperation, info.maxAmountCents);
    if (Object.values(errors).some(Boolean))
      return set((s) => ({ errors, message: null, refusals: s.refusals + 1 }));
    set({ busy: true, message: null, errors: {} });
    const r = await bridge().charges.create({
      amountCents: form.amountCents,
      ...(form.description.trim() && { description: form.description.trim() }),
      payer: {
        name: form.name,
        document: form.document,
        ...(info.chargeOperation === 'deposit' && { email: form.email, phone: form.phone }),
      },
    });
    if (r.ok) set({ charge: r.value, busy: false });
    else if (r.field && ['amount', 'name', 'document', 'email', 'phone'].includes(r.field)) {
      set((s) => ({ errors: { [r.field!]: r.code }, busy: false, refusals: s.refusals + 1 }));
    } else set({ message: describeError(r), busy: false });
  },
  reset: () =>
    set((s) => ({
      form: empty(),
      errors: {},
      charge: null,
      message: null,
      busy: false,
      resets: s.resets + 1,
    })),
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
    if (r.ok) set({ charge: r.value });
  },
  onUpdate(c) {
    if (get().charge?.id === c.id) set({ charge: c });
  },
}));
