import { z } from 'zod';
import type { Cents } from './money';

/**
 * The five numbers of GET /crypto/fees (A16), defined once: the PSP reply reader, the IPC
 * contract and the renderer's calculator all use this shape. Amounts are in reais, the rate
 * in percent, usdt_rate in reais per USDT (units unstated by the PSP).
 */
export const cryptoFeesSchema = z.object({
  withdrawal_rate: z.number(),
  rate_fixed: z.number(),
  min_withdrawal: z.number(),
  max_withdrawal: z.number(),
  usdt_rate: z.number(),
  /** Whether the fees are the account's own or the PSP's global ones, when the PSP says so. */
  scope: z.enum(['user', 'global']).optional(),
});
export type CryptoFees = z.infer<typeof cryptoFeesSchema>;

/**
 * A16: amounts in reais; fee = amount × withdrawal_rate / 100 + rate_fixed; net = amount − fee;
 * USDT = net / usdt_rate (reais per USDT); allowed only within [min_withdrawal, max_withdrawal].
 * Computed in cents and rounded half up once, at the fee.
 */
export function cryptoWithdrawal(amountCents: Cents, f: CryptoFees) {
  const feeCents = Math.round((amountCents * f.withdrawal_rate) / 100 + f.rate_fixed * 100);
  const netCents = amountCents - feeCents;
  const usdt = f.usdt_rate > 0 ? netCents / 100 / f.usdt_rate : NaN;
  const within =
    amountCents >= Math.round(f.min_withdrawal * 100) &&
    amountCents <= Math.round(f.max_withdrawal * 100);
  return { feeCents, netCents, usdt: Math.floor(usdt * 100) / 100, within: within && netCents > 0 };
}
