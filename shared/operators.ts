import { z } from 'zod';
import { CHARGE_STATES } from './domain/charge-state';

/** The shop's operators and shifts on the IPC contract (issue 36). Never a PIN or its hash. */
export const OPERATOR_ROLES = ['cashier', 'supervisor'] as const;

export const operatorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  active: z.boolean(),
});

/** Who is at the counter: the operator and her open shift. */
export const atCounterSchema = z.object({
  operator: operatorViewSchema,
  shift: z.object({ id: z.string(), terminalId: z.string(), openedAt: z.number() }),
});

const bucket = z.object({ count: z.number().int(), amountCents: z.number().int().safe() });

/** shared/domain/shift-summary.ts's ShiftSummary, plus the operator's name for the screen. */
export const shiftSummarySchema = z.object({
  shiftId: z.string(),
  operatorId: z.string(),
  operatorName: z.string().optional(),
  terminalId: z.string(),
  openedAt: z.number(),
  closedAt: z.number().nullable(),
  sales: bucket,
  paid: bucket,
  canceled: bucket,
  expired: bucket,
  open: bucket,
  failed: bucket,
  refunds: bucket,
  byStatus: z.partialRecord(z.enum(CHARGE_STATES), bucket),
  feeCents: z.number().int().safe(),
  feeUnknownCount: z.number().int(),
  netCents: z.number().int().safe(),
});

export type OperatorViewDto = z.output<typeof operatorViewSchema>;
export type AtCounterDto = z.output<typeof atCounterSchema>;
export type ShiftSummaryDto = z.output<typeof shiftSummarySchema>;
