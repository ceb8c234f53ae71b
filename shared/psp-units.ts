import { z } from 'zod';
import { AMOUNT_UNITS, type AmountUnit } from './domain/money';
import type { PspSettings } from './psp-settings';

/**
 * Every amount field's unit (reais or integer cents), by its path under `psp`: the request, the
 * creation reply, the callback, the status query and the withdrawal. Set by the preset and
 * editable in onboarding and Configurações (docs/psp-compatibility.md, "Units").
 */
export const UNIT_PATHS = [
  'requestAmountUnit',
  'createReply.amountUnit',
  'createReply.feeUnit',
  'callback.amountUnit',
  'callback.feeUnit',
  'statusQuery.amountUnit',
  'statusQuery.feeUnit',
  'withdrawal.amountUnit',
] as const;
export type UnitPath = (typeof UNIT_PATHS)[number];
export type Units = Partial<Record<UnitPath, AmountUnit>>;

/** What onboarding sends: only the units the owner saw (absent = the preset's). */
export const unitsSchema = z.partialRecord(z.enum(UNIT_PATHS), z.enum(AMOUNT_UNITS));

type UnitHolder = Pick<
  PspSettings,
  'requestAmountUnit' | 'createReply' | 'callback' | 'statusQuery' | 'withdrawal'
>;

/** The units of these settings, one per path. */
export function unitsOf(psp: UnitHolder): Record<UnitPath, AmountUnit> {
  return Object.fromEntries(
    UNIT_PATHS.map((p) => {
      const [a, b] = p.split('.') as [keyof UnitHolder, string?];
      const v = b ? (psp[a] as unknown as Record<string, AmountUnit>)[b] : psp[a];
      return [p, v as AmountUnit];
    }),
  ) as Record<UnitPath, AmountUnit>;
}

/** The settings with these units set (a copy; the other values untouched). */
export function withUnits<T extends UnitHolder>(psp: T, units: Units): T {
  const out: Record<string, unknown> = { ...psp };
  for (const [p, v] of Object.entries(units)) {
    if (v === undefined) continue;
    const [a, b] = p.split('.') as [string, string?];
    out[a] = b ? { ...(out[a] as object), [b]: v } : v;
  }
  return out as T;
}
