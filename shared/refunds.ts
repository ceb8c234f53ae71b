import { z } from 'zod';
import { REFUND_STATES } from './domain/refund-lifecycle';

/** A devolução (or a withdrawal made as one) as screens see it: linked to its sale. */
export const refundViewSchema = z.object({
  id: z.string(),
  chargeId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATES),
  /** `devolucao` at an API Pix PSP; `withdrawal` to a key the owner typed (the family kind). */
  via: z.enum(['devolucao', 'withdrawal']),
  pspStatus: z.string().optional(),
  /** A code, worded by the renderer (refundNotices.<code>, else the error's words). */
  noticeCode: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  doneAt: z.number().optional(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** What a sale can still give back, and its refunds so far. */
export const chargeRefundsSchema = z.object({
  chargeId: z.string(),
  /** The sale's amount (the receipt of a devolução prints it). */
  amountCents: z.number().int(),
  refundableCents: z.number().int(),
  /** The PSP kind gives money back by devolução, or (family) by a withdrawal to a typed key. */
  via: z.enum(['devolucao', 'withdrawal']),
  refunds: z.array(refundViewSchema),
});
export type ChargeRefunds = z.infer<typeof chargeRefundsSchema>;
