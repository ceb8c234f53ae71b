import { chargeCallback, withdrawalCallback } from './dialect';
import type { SandboxContext } from './context';
import { HttpError } from './errors';
import type { Charge, Withdrawal } from './state';

/** Moves a pending charge to its final status, moves the balance, and sends the callback. */
export function settleCharge(
  ctx: SandboxContext,
  charge: Charge,
  status: 'PAID' | 'FAILED' | 'EXPIRED',
) {
  if (charge.status !== 'PENDING') {
    throw new HttpError(409, 'NOT_PENDING', `Charge ${charge.transactionId} is ${charge.status}`);
  }
  const account = ctx.state.accounts.get(charge.clientId)!;
  charge.status = status;
  charge.updatedAt = ctx.state.iso();
  account.balance.pending -= charge.amount;
  if (status === 'PAID') account.balance.available += charge.amount - charge.fee;
  const cb = chargeCallback(ctx.dialect, charge);
  ctx.callbacks.send(charge.callbackUrl, cb.signed ? account.clientSecret : null, cb.body);
}

export function settleWithdrawal(
  ctx: SandboxContext,
  w: Withdrawal,
  status: 'COMPLETED' | 'FAILED',
) {
  if (w.status !== 'PROCESSING')
    throw new HttpError(409, 'NOT_PROCESSING', `Withdrawal ${w.id} is ${w.status}`);
  const account = ctx.state.accounts.get(w.clientId)!;
  w.status = status;
  account.balance.blocked -= w.amount + w.fee;
  if (status === 'FAILED') account.balance.available += w.amount + w.fee;
  const cb = withdrawalCallback(ctx.dialect, w, ctx.state.iso());
  ctx.callbacks.send(w.callbackUrl, cb.signed ? account.clientSecret : null, cb.body);
}
