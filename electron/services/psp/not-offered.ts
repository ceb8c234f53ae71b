import { err, type Err } from '../../../shared/result';

/**
 * The owner routes of a kind that has none (the standard API Pix: no balance, crypto fees,
 * withdrawals or MED). The screens already say "não oferecido por este PSP"; this answers a
 * call that arrives anyway (the local API, an old screen) with the same code, sending nothing.
 */
const refuse = async (): Promise<Err> => err('validation', 'PSP_NOT_OFFERED');

export const notOfferedPsp = {
  balance: refuse,
  cryptoFees: refuse,
  withdraw: refuse,
  infractions: refuse,
  sendDefense: refuse,
};
