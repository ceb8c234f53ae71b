import { z } from 'zod';
import { CHARGE_STATES } from './domain/charge-state';
import { SERIES_SPANS, SHOP_SERIES_BY, type SeriesSpan } from './domain/sales-series';
import { closingSectionSchema } from './history';

const int = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Loja (issue 36, Deliver 3): the owner's view across counters, from the shop journal. */
export const shopViewQuerySchema = z
  .object({
    day,
    span: z.enum(Object.keys(SERIES_SPANS) as [SeriesSpan, ...SeriesSpan[]]),
    by: z.enum(SHOP_SERIES_BY),
  })
  .strict();

export const shopViewSchema = z.object({
  day,
  counters: z.array(
    z.object({
      terminal: z.string(),
      /** Its name (its heartbeat's; shop-day.ts counterLabels). */
      name: z.string(),
      lastKind: z.string(),
      lastAt: int,
      shiftOperator: z.string().nullable(),
      /** When the owner's Balcão last heard from it, by the owner's clock. */
      seenAt: int,
      recent: z.boolean(),
      removed: z.boolean(),
    }),
  ),
  sales: z.array(
    z.object({
      id: z.string(),
      terminal: z.string(),
      terminalName: z.string(),
      operatorName: z.string().nullable(),
      status: z.enum(CHARGE_STATES),
      amountCents: int,
      receivedCents: int.optional(),
      refundedCents: int.optional(),
      payer: z.string().optional(),
      createdAt: int,
    }),
  ),
  closing: z.object({
    shop: closingSectionSchema,
    terminals: z.array(
      z.object({
        terminal: z.string(),
        name: z.string(),
        live: closingSectionSchema,
        operators: z.array(
          z.object({
            operatorId: z.string().nullable(),
            name: z.string().nullable(),
            live: closingSectionSchema,
          }),
        ),
      }),
    ),
  }),
  series: z.array(
    z.object({
      key: z.string(),
      paid: int,
      paidCents: int,
      expired: int,
      canceled: int,
      other: int,
    }),
  ),
  /** Facts about a charge whose `created` this Balcão never read: not counted. */
  orphans: int,
});
export type ShopView = z.infer<typeof shopViewSchema>;
