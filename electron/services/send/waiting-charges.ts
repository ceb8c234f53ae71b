import type { SendVia } from '../../../shared/domain/send-charge';
import type { ChargeView } from '../../../shared/views';
import type { KvRepo } from '../ledger/kv-repo';

/** One send of a charge: how, to whom (as sent: the payer's phone or e-mail), when. */
export interface ShareRecord {
  via: SendVia;
  to?: string;
  at: number;
}

/** A charge whose life is over an hour was made to wait for a payer elsewhere (charge-validity). */
const WAITING_LIFE_MS = 3_600_000;
const MAX_KEPT = 20;
const key = (chargeId: string) => `share:${chargeId}`;

/**
 * `A receber`: the charges waiting for a payer who is not at the counter, and how each was sent.
 * The sends are kept in the ledger's key-value table (small, non-secret), newest last.
 */
export class WaitingCharges {
  constructor(
    private readonly kv: KvRepo,
    private readonly pending: () => ChargeView[],
  ) {}

  recordShare(chargeId: string, r: ShareRecord): void {
    const kept = this.kv.get<ShareRecord[]>(key(chargeId)) ?? [];
    this.kv.set(key(chargeId), [...kept, r].slice(-MAX_KEPT));
  }

  shares(chargeId: string): ShareRecord[] {
    return this.kv.get<ShareRecord[]>(key(chargeId)) ?? [];
  }

  /** Waiting charges (pending, a life over an hour, or sent at least once), soonest to end first. */
  list(): Array<{ charge: ChargeView; shares: ShareRecord[] }> {
    return this.pending()
      .map((charge) => ({ charge, shares: this.shares(charge.id) }))
      .filter(
        ({ charge, shares }) =>
          charge.expiresAt - charge.createdAt > WAITING_LIFE_MS || shares.length > 0,
      )
      .sort((a, b) => a.charge.expiresAt - b.charge.expiresAt);
  }
}
