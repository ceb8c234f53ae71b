import { randomBytes, randomUUID } from 'node:crypto';
import {
  maskDocument,
  parseDocument,
  parseEmail,
  parsePhone,
} from '../../../shared/domain/documents';
import { MONEY_ERRORS } from '../../../shared/domain/money';
import { err, ok, type Result } from '../../../shared/result';
import type { ChargeRecord, PayerRecord } from '../ledger/charges-repo';

export interface CreateChargeInput {
  amountCents: number;
  description?: string;
  payer?: PayerRecord;
}

export interface ValidCharge {
  amountCents: number;
  description?: string;
  payer?: Required<Pick<PayerRecord, 'name' | 'document'>> & PayerRecord;
  payerDocumentMasked?: string;
}

const field = (code: string, text: string, f: string) =>
  err('validation', code, text, { field: f });

/**
 * What the charge service checks before anything is written (the renderer checks the same
 * rules first, so the cashier sees them inline; this is the line nothing passes).
 * /payments/deposit needs name, e-mail, CPF/CNPJ and phone; /transactions/create name and CPF/CNPJ.
 */
export function validateCharge(
  input: CreateChargeInput,
  operation: 'deposit' | 'transaction',
  maxAmountCents: number,
): Result<ValidCharge> {
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return field('AMOUNT_ZERO', MONEY_ERRORS.AMOUNT_ZERO, 'amount');
  if (amountCents > maxAmountCents)
    return field('AMOUNT_ABOVE_MAX', MONEY_ERRORS.AMOUNT_ABOVE_MAX, 'amount');
  const description = input.description?.trim();
  if (description && description.length > 140) {
    return field('DESCRIPTION_TOO_LONG', 'A descrição pode ter até 140 caracteres.', 'description');
  }

  const p = input.payer ?? {};
  const name = p.name?.trim() ?? '';
  if (!name) return field('PAYER_NAME_EMPTY', 'Informe o nome do pagador.', 'name');
  if (name.length > 100)
    return field('PAYER_NAME_TOO_LONG', 'O nome pode ter até 100 caracteres.', 'name');
  const doc = parseDocument(p.document ?? '');
  if (!doc.ok) return doc;
  const payer: ValidCharge['payer'] = {
    name,
    // /transactions/create wants it without mask; /payments/deposit tolerates either.
    document: doc.value.value,
  };
  if (operation === 'deposit') {
    const email = parseEmail(p.email ?? '');
    if (!email.ok) return email;
    const phone = parsePhone(p.phone ?? '');
    if (!phone.ok) return phone;
    payer.email = email.value;
    payer.phone = phone.value;
  }
  return ok({
    amountCents,
    ...(description && { description }),
    payer,
    payerDocumentMasked: maskDocument(doc.value),
  });
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
