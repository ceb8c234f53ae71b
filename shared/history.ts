import { z } from 'zod';
import { CHARGE_STATES } from './domain/charge-state';
import { SEND_VIAS } from './domain/send-charge';
import { HISTORY_MAX_PER_PAGE } from './history-limits';
import { chargeViewSchema } from './views';

/** Histórico's shapes on the IPC contract: pages of the ledger, a charge's detail, the day's closing. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD');
const int = z.number().int().safe();
const status = z.enum(CHARGE_STATES);

/** A charge as Histórico lists it: the view plus the PSP's own id and when it was paid. */
export const historyRowSchema = chargeViewSchema.extend({
  pspTransactionId: z.string().optional(),
  paidAt: z.number().optional(),
  /** Who rang it, when the shop has operators (issue 36). */
  operatorName: z.string().optional(),
  /** What devoluções gave back of this sale so far (DEVOLVIDO only), when any. */
  refundedCents: z.number().int().optional(),
  /** Enviar cobrança's sends of this charge (how, to whom, when), oldest first, when any. */
  shares: z
    .array(z.object({ via: z.enum(SEND_VIAS), to: z.string().optional(), at: z.number() }))
    .optional(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export { HISTORY_MAX_PER_PAGE } from './history-limits';

export const historyQuerySchema = z
  .object({
    day,
    status: status.optional(),
    /** Matches the amount (`12,34`), the description, or any id (ours or the PSP's). */
    text: z.string().max(100).optional(),
    page: z.number().int().min(1).max(1_000_000),
    perPage: z.number().int().min(1).max(HISTORY_MAX_PER_PAGE),
  })
  .strict();
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  items: z.array(historyRowSchema),
  /** How many charges match the filter in all (the pages together hold exactly these). */
  total: int,
  page: int,
  perPage: int,
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const statusChangeSchema = z.object({
  from: status.optional(),
  to: status,
  source: z.string(),
  detail: z.string().optional(),
  at: z.number(),
});

export const chargeDetailSchema = z.object({
  charge: historyRowSchema,
  history: z.array(statusChangeSchema),
});
export type ChargeDetail = z.infer<typeof chargeDetailSchema>;

const bucket = z.object({ count: int, amountCents: int });
const section = z.object({
  received: bucket.extend({
    lateCount: int,
    lateAmountCents: int,
    createdOtherDayCount: int,
    createdOtherDayAmountCents: int,
    differentCount: int,
    differentChargedCents: int,
    differentReceivedCents: int,
    feeCents: int,
    netCents: int,
    feeUnknownCount: int,
  }),
  paidOtherDay: bucket,
  pending: bucket,
  uncertain: bucket,
  failed: bucket,
  expired: bucket,
  canceled: bucket,
  refunded: bucket,
  total: bucket,
});
export const dayClosingSchema = z.object({
  day,
  terminalId: z.string(),
  terminalName: z.string(),
  shopName: z.string(),
  live: section,
  demo: section,
  withdrawals: z.object({ completed: bucket, processing: bucket, failed: bucket, total: bucket }),
  /** DEMO withdrawals, never in the live ones (issue 34). */
  demoWithdrawals: z.object({
    completed: bucket,
    processing: bucket,
    failed: bucket,
    total: bucket,
  }),
  /**
   * Only when the shop has operators (issue 36): live money per operator (`null`: sales nobody was
   * at the counter for) and per terminal; each line of the whole is the sum of the parts.
   */
  byOperator: z
    .array(
      z.object({
        operatorId: z.string().nullable(),
        operatorName: z.string().nullable(),
        live: section,
      }),
    )
    .optional(),
  byTerminal: z
    .array(z.object({ terminalId: z.string(), terminalName: z.string(), live: section }))
    .optional(),
  generatedAt: z.number(),
});
export type DayClosingView = z.infer<typeof dayClosingSchema>;
/** One closing section (the owner's Loja sums them across counters). */
export const closingSectionSchema = section;

/**
 * The closing as the renderer lays it out for paper (its words, in the chosen language), for the
 * thermal printer: heading lines, then sections of label / count / amount rows.
 */
const printLine = z.string().max(120);
export const closingPrintSchema = z
  .object({
    heading: z.array(printLine).max(6),
    sections: z
      .array(
        z.object({
          title: printLine,
          rows: z.array(z.object({ label: printLine, count: int.optional(), cents: int })).max(40),
        }),
      )
      // Live, DEMO, withdrawals ×2, and with operators one per operator and terminal (issue 36).
      .max(64),
    footer: printLine,
  })
  .strict();
export type ClosingPrint = z.infer<typeof closingPrintSchema>;

/** A receipt's words for the thermal printer, in the app's language (the renderer's `receipt.*`). */
const label = z.string().min(1).max(40);
export const receiptLabelsSchema = z
  .object({
    title: label,
    paidTitle: label,
    paidAt: label,
    /** A payment of another amount than charged (PAID_DIFFERENT_AMOUNT). */
    differentTitle: label,
    charged: label,
    received: label,
    id: label,
    pspId: label,
    copyPaste: label,
    expires: label,
    charge: label,
    date: label,
    /** The mark on every DEMO charge's receipt ("DEMONSTRAÇÃO — sem valor"). */
    demo: label,
    /** "Caixa" and "Operador" lines (issue 36): where and by whom the sale was rung. */
    terminal: label.optional(),
    operator: label.optional(),
  })
  .strict();
export type ReceiptLabels = z.infer<typeof receiptLabelsSchema>;
