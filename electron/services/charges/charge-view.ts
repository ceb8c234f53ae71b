import type { ChargeView } from '../../../shared/views';
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
    ...(c.description !== undefined && { description: c.description }),
    ...(c.brcode !== undefined && { brcode: c.brcode }),
    ...(c.payerName !== undefined && { payerName: c.payerName }),
    ...(c.payerDocumentMasked !== undefined && { payerDocumentMasked: c.payerDocumentMasked }),
    ...(c.feeCents !== undefined && { feeCents: c.feeCents }),
    ...(c.receivedCents !== undefined && { receivedCents: c.receivedCents }),
    ...(c.split !== undefined && { split: c.split }),
    ...(c.noticeCode !== undefined && {
      notice: { code: c.noticeCode, ...(c.noticeReason && { reason: c.noticeReason }) },
    }),
    ...(c.paidAfter !== undefined && { paidAfter: c.paidAfter }),
    ...(c.canceledBy !== undefined && { canceledBy: c.canceledBy }),
    ...(c.canceledAt !== undefined && { canceledAt: c.canceledAt }),
  };
}
