import { randomBytes, randomUUID } from 'node:crypto';
import {
  checkCharge,
  type ChargeInput,
  type ValidCharge,
} from '../../../shared/domain/charge-input';
import { err, ok, type Result } from '../../../shared/result';
import type { ChargeRecord } from '../ledger/charges-repo';

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

/** A new charge, still a DRAFT: the lifecycle's `submit` makes it SUBMITTING before the insert. */
export function draftCharge(
  v: ValidCharge,
  o: {
    operation: 'deposit' | 'transaction';
    terminalId: string;
    demo: boolean;
    at: number;
    expiresAt: number;
  },
): ChargeRecord {
  const t = o.terminalId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 't';
  return {
    id: randomUUID(),
    // Ours, unique, sent on every retry of this charge: the PSP refuses a duplicate.
    externalId: `blc_${t}_${o.at.toString(36)}_${randomBytes(6).toString('hex')}`,
    operation: o.operation,
    amountCents: v.amountCents,
    status: 'DRAFT',
    flags: [],
    deferred: [],
    attempts: 0,
    terminalId: o.terminalId,
    demo: o.demo,
    createdAt: o.at,
    updatedAt: o.at,
    expiresAt: o.expiresAt,
    ...(v.description !== undefined && { description: v.description }),
    ...(v.payer && { payer: v.payer, payerName: v.payer.name }),
    ...(v.payerDocumentMasked !== undefined && { payerDocumentMasked: v.payerDocumentMasked }),
  };
}
