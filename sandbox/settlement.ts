import { toWireAmount } from '../shared/domain/money';
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
  const fee = status === 'PAID' ? toWireAmount(charge.fee) : 0;
  const body =
    charge.kind === 'deposit'
      ? {
          type: 'deposit',
          transactionId: charge.transactionId,
          external_id: charge.externalId,
          status,
          amount: toWireAmount(charge.amount),
          fee,
          updatedAt: charge.updatedAt,
        }
      : {
          transactionId: charge.transactionId,
          status,
          amount: toWireAmount(charge.amount),
          fees: fee,
          updatedAt: charge.updatedAt,
        };
  ctx.callbacks.send(charge.callbackUrl, account.clientSecret, body);
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
  ctx.callbacks.send(w.callbackUrl, account.clientSecret, {
    type: 'withdrawal',
    id: w.id,
    external_id: w.externalId,
    status,
    amount: toWireAmount(w.amount),
    fee: status === 'COMPLETED' ? toWireAmount(w.fee) : 0,
    updatedAt: ctx.state.iso(),
  });
}
