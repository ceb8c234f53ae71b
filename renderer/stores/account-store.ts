import { create } from 'zustand';
import type { CallOutput } from '../../shared/ipc-contract';
import { bridge, describeError } from '../bridge';

interface AccountState {
  balance: CallOutput<'account:balance'> | null;
  balanceError: string | null;
  fees: CallOutput<'account:cryptoFees'> | null;
  feesError: string | null;
  loadBalance(): Promise<void>;
  loadFees(): Promise<void>;
}

/** Saldo and Taxas cripto: what the PSP last said, or why it could not be read. */
export const useAccount = create<AccountState>((set) => ({
  balance: null,
  balanceError: null,
  fees: null,
  feesError: null,
  async loadBalance() {
    const r = await bridge().account.balance({});
    set(r.ok ? { balance: r.value, balanceError: null } : { balanceError: describeError(r) });
  },
  async loadFees() {
    const r = await bridge().account.cryptoFees({});
    set(r.ok ? { fees: r.value, feesError: null } : { feesError: describeError(r) });
  },
}));
