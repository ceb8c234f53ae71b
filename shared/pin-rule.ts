// The owner PIN's rule without the onboarding schemas (zod): the PIN dialog is in the cashier's
// first chunk (issue 35), shared/onboarding.ts re-exports it for the go-live form.

export const PIN_PATTERN = /^\d{4,8}$/;

export interface PinProblem {
  field: 'newPin' | 'confirmPin';
  code: 'PIN_FORMAT' | 'PIN_MISMATCH';
}

/** The owner PIN, typed twice: 4 to 8 digits, both the same. */
export function checkNewPin(pin: string, confirm: string): PinProblem[] {
  if (!PIN_PATTERN.test(pin)) return [{ field: 'newPin', code: 'PIN_FORMAT' }];
  if (pin !== confirm) return [{ field: 'confirmPin', code: 'PIN_MISMATCH' }];
  return [];
}
