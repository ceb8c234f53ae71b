import { z } from 'zod';
import { CHARGE_NOTICE_CODES } from './domain/charge-notices';
import { CHARGE_STATES } from './domain/charge-state';
import { PIX_KEY_TYPES } from './domain/pix-key';

/** What crosses IPC about ledger records: never a secret, payer documents masked. */
/** A notice is a code (shared/codes.ts) the renderer words, with data for the wording. */
export const noticeSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** A charge's notice: a code the renderer words (`chargeNotices.<code>`), never a sentence. */
export const chargeNoticeSchema = z.object({
  code: z.enum(CHARGE_NOTICE_CODES),
  /** With PSP_REFUSED: the PSP error's code (`errors.<reason>`). */
  reason: z.string().optional(),
});
export type ChargeNotice = z.infer<typeof chargeNoticeSchema>;

export const chargeViewSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  operation: z.enum(['deposit', 'transaction']),
  amountCents: z.number().int(),
  description: z.string().optional(),
  status: z.enum(CHARGE_STATES),
  /** The copy-and-paste payload, present only once it passed verification (A14). */
  brcode: z.string().optional(),
  payerName: z.string().optional(),
  payerDocumentMasked: z.string().optional(),
  feeCents: z.number().int().optional(),
  /** What the PSP says was paid, when it says it; differs from amountCents in PAID_DIFFERENT_AMOUNT. */
  receivedCents: z.number().int().optional(),
  /** `Divisão (split)` sent with the charge: who receives it and the percentage. */
  split: z.object({ user: z.string(), taxPercent: z.number() }).optional(),
  /** What the cashier should know now (why it failed, why it is uncertain…). */
  notice: chargeNoticeSchema.optional(),
  /** LATE_PAYMENT, AMOUNT_MISMATCH, UNKNOWN_STATUS, NO_QR… */
  flags: z.array(z.string()),
  /** A late payment: the state the charge had ended in when the money arrived. */
  paidAfter: z.enum(['CANCELED', 'EXPIRED']).optional(),
  /** Who canceled it (cashier/owner) and when. */
  canceledBy: z.string().optional(),
  canceledAt: z.number().optional(),
  demo: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  expiresAt: z.number(),
  /** `Com vencimento` (an API Pix cobv): its terms (shared/domain/cobv.ts, CobvTerms). */
  dueTerms: z
    .object({
      dueDate: z.string(),
      daysAfterDue: z.number().int(),
      finePct: z.number().int(),
      interestPctMonth: z.number().int(),
      discountCents: z.number().int(),
    })
    .optional(),
});
export type ChargeView = z.infer<typeof chargeViewSchema>;

export const WITHDRAWAL_STATES = [
  'SUBMITTING',
  'PROCESSING',
  'UNCERTAIN',
  'COMPLETED',
  'FAILED',
] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const withdrawalViewSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  amountCents: z.number().int(),
  pixKeyType: z.enum(PIX_KEY_TYPES),
  pixKeyMasked: z.string(),
  description: z.string().optional(),
  status: z.enum(WITHDRAWAL_STATES),
  pspId: z.string().optional(),
  notice: noticeSchema.optional(),
  flags: z.array(z.string()),
  /** Made in DEMO: no money moved (issue 34). */
  demo: z.boolean().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

export const CONNECTION_STATES = ['connected', 'reconnecting', 'polling', 'offline'] as const;
/** The PSP as seen from the last calls and a light probe (electron/services/psp-health.ts). */
export const PSP_HEALTH_STATES = ['unknown', 'reachable', 'slow', 'unreachable'] as const;
export type PspHealthState = (typeof PSP_HEALTH_STATES)[number];
export const connectionSchema = z.object({
  /** Where callbacks come from. */
  state: z.enum(CONNECTION_STATES),
  since: z.number(),
  /** A notice code (shared/codes.ts) saying why, when there is one. */
  detail: z.string().optional(),
  psp: z.enum(PSP_HEALTH_STATES).optional(),
});
export type ConnectionStatus = z.infer<typeof connectionSchema>;

/** The pinned receiver of the PSP's QR codes (Configurações, health view); none before the first QR. */
const receiverSchema = z.object({
  key: z.string().optional(),
  host: z.string().optional(),
  merchantName: z.string(),
  merchantCity: z.string(),
});
export const receiverPinViewSchema = z.object({
  pinned: z
    .object({
      receiver: receiverSchema,
      pinnedAt: z.number(),
      confirmed: z.boolean(),
      refused: z
        .object({ receiver: receiverSchema, at: z.number(), count: z.number().int() })
        .optional(),
    })
    .nullable(),
});
export type ReceiverPinView = z.infer<typeof receiverPinViewSchema>;
