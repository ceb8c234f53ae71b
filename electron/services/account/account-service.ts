import { ok, type Result } from '../../../shared/result';
import type { BalanceField, CryptoFees } from '../psp/replies';

export interface AccountPsp {
  balance(): Promise<Result<BalanceField[]>>;
  cryptoFees(): Promise<Result<CryptoFees>>;
}

/** Balance (A3) and crypto fees, each stamped with the time it was read. */
export class AccountService {
  constructor(
    private readonly psp: () => AccountPsp,
    private readonly now: () => number = Date.now,
  ) {}

  async balance(): Promise<Result<{ fields: BalanceField[]; readAt: number }>> {
    const r = await this.psp().balance();
    return r.ok ? ok({ fields: r.value, readAt: this.now() }) : r;
  }

  async cryptoFees(): Promise<Result<CryptoFees & { readAt: number }>> {
    const r = await this.psp().cryptoFees();
    return r.ok ? ok({ ...r.value, readAt: this.now() }) : r;
  }
}
