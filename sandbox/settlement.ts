import { chargeCallback, withdrawalCallback, type DialectCallback } from './dialect';

import type { SandboxContext } from './context';
import { HttpError } from './errors';
import { reportedAmount, type Account, type Charge, type Withdrawal } from './state';

/** Unsigned, the client secret (A8), or the panel's webhook secret (veopag). */
function signingSecret(cb: DialectCallback, account: Account): string | null {
  if (!cb.signed) return null;
  return cb.webhook ? (account.webhookSecret ?? account.clientSecret) : account.clientSecret;
}

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
  if (status === 'PAID') account.balance.available += reportedAmount(charge) - charge.fee;
  const cb = chargeCallback(ctx.dialect, charge);
  ctx.callbacks.send(charge.callbackUrl, signingSecret(cb, account), cb.body, cb.webhook);
}

/**
 * Someone else's callback: the dialect's PAID body for a charge the PSP still holds as
 * pending, signed with a key that is not the shop's (or unsigned where the dialect is). The
 * PSP's own state does not move, so only a status query could confirm it: it never should.
 */
export function forgePaidCallback(ctx: SandboxContext, charge: Charge) {
  const cb = chargeCallback(ctx.dialect, { ...charge, status: 'PAID' });
  ctx.callbacks.send(charge.callbackUrl, cb.signed ? FORGER_SECRET : null, cb.body, cb.webhook);
}
export const FORGER_SECRET = 'not-the-shops-secret';

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
  ctx.callbacks.send(w.callbackUrl, signingSecret(cb, account), cb.body, cb.webhook);
}
