import {
  checkCharge,
  type ChargeInput,
  type ValidCharge,
} from '../../../shared/domain/charge-input';
import { err, ok, type Result } from '../../../shared/result';

export type CreateChargeInput = ChargeInput;
export type { ValidCharge };

/**
 * What the charge service checks before anything is written: shared/domain/charge-input.ts,
 * the very rules the renderer runs first (so the cashier sees them inline); this is the line
 * nothing passes. The first problem, by form order, is the answer.
 */
export function validateCharge(
  input: CreateChargeInput,
  operation: 'deposit' | 'transaction',
  maxAmountCents: number,
): Result<ValidCharge> {
  const { issues, value } = checkCharge(input, operation, maxAmountCents);
  const first = issues[0];
  if (first) return err('validation', first.code, { field: first.field });
  return value ? ok(value) : err('internal', 'INTERNAL');
}
