import type { Receiver, ReceiverPinState } from '../../../shared/domain/receiver-pin';
import type { KvRepo } from '../ledger/kv-repo';

/**
 * The pinned receiver, one per PSP address (DEMO's sandbox and the live PSP pay different
 * accounts). Learned from the first verified QR; replaced only by the owner (`repin`).
 */
export class ReceiverPins {
  constructor(
    private readonly kv: KvRepo,
    private readonly pspOrigin: () => string,
    private readonly now: () => number,
  ) {}

  private key(): string {
    return `receiverPin:${this.pspOrigin()}`;
  }

  get(): ReceiverPinState | undefined {
    return this.kv.get<ReceiverPinState>(this.key());
  }

  /** Trust on first use: only when nothing is pinned yet. */
  learn(receiver: Receiver): void {
    if (this.get()) return;
    this.kv.set(this.key(), { receiver, pinnedAt: this.now(), confirmed: false });
  }

  /** A code to someone else was refused: kept for the owner to see. */
  refused(receiver: Receiver): void {
    const s = this.get();
    if (!s) return;
    const count = (s.refused?.count ?? 0) + 1;
    this.kv.set(this.key(), { ...s, refused: { receiver, at: this.now(), count } });
  }

  /** The owner looked and agrees (behind the PIN). */
  confirm(): ReceiverPinState | undefined {
    const s = this.get();
    if (!s) return undefined;
    const next = { ...s, confirmed: true };
    this.kv.set(this.key(), next);
    return next;
  }

  /**
   * The owner moved the shop's account (behind the PIN): the receiver last refused becomes the
   * pin, confirmed; with none refused, the pin is forgotten and the next QR is learned again.
   */
  repin(): ReceiverPinState | undefined {
    const s = this.get();
    if (!s?.refused) {
      this.kv.delete(this.key());
      return undefined;
    }
    const next = { receiver: s.refused.receiver, pinnedAt: this.now(), confirmed: true };
    this.kv.set(this.key(), next);
    return next;
  }
}
