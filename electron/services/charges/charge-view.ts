import type { ChargeView } from '../../../shared/views';
import { definedFields } from '../defined-fields';
import type { ChargeRecord } from '../ledger/charges-repo';

/** The record as the renderer may see it: no payer document, e-mail or phone, no internal state. */
export function toChargeView(c: ChargeRecord): ChargeView {
  return {
    id: c.id,
    externalId: c.externalId,
    operation: c.operation,
    amountCents: c.amountCents,
    status: c.status,
    flags: [...c.flags],
    demo: c.demo,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    expiresAt: c.expiresAt,
    ...definedFields(c, [
      'description',
      'brcode',
      'payerName',
      'payerDocumentMasked',
      'feeCents',
      'receivedCents',
      'split',
      'paidAfter',
      'canceledBy',
      'canceledAt',
    ]),
    ...(c.cobv && { dueTerms: { ...c.cobv } }),
    ...(c.noticeCode !== undefined && {
      notice: { code: c.noticeCode, ...(c.noticeReason && { reason: c.noticeReason }) },
    }),
  };
}
