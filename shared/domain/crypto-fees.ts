import type { Cents } from './money';

export interface CryptoFeeConfig {
  withdrawal_rate: number;
  rate_fixed: number;
  min_withdrawal: number;
  max_withdrawal: number;
  usdt_rate: number;
}

/**
 * A16: amounts in reais; fee = amount × withdrawal_rate / 100 + rate_fixed; net = amount − fee;
 * USDT = net / usdt_rate (reais per USDT); allowed only within [min_withdrawal, max_withdrawal].
 * Computed in cents and rounded half up once, at the fee.
 */
export function cryptoWithdrawal(amountCents: Cents, f: CryptoFeeConfig) {
  const feeCents = Math.round((amountCents * f.withdrawal_rate) / 100 + f.rate_fixed * 100);
  const netCents = amountCents - feeCents;
  const usdt = f.usdt_rate > 0 ? netCents / 100 / f.usdt_rate : NaN;
  const within =
    amountCents >= Math.round(f.min_withdrawal * 100) &&
    amountCents <= Math.round(f.max_withdrawal * 100);
  return { feeCents, netCents, usdt: Math.floor(usdt * 100) / 100, within: within && netCents > 0 };
}
