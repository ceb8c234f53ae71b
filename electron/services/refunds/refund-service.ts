import { randomBytes } from 'node:crypto';
import { isReceived, receivedOf } from '../../../shared/domain/day-closing';
import {
  checkRefund,
  decideRefund,
  isRefundFinal,
  refundableCents,
  refundStateOfWithdrawal,
  type RefundEvent,
} from '../../../shared/domain/refund-lifecycle';
import type { PixKeyType } from '../../../shared/domain/pix-key';
import type { WithdrawalView } from '../../../shared/views';
import type { ChargeRefunds, RefundView } from '../../../shared/refunds';
import { err, ok, type Result } from '../../../shared/result';
import { definedFields } from '../defined-fields';
import { RecordService, type RecordServiceDeps } from '../record-service';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { RefundRecord } from '../ledger/refunds-repo';
import type { WithdrawalRecord } from '../ledger/withdrawals-repo';

/** The withdrawal service's create, with its hook that runs once the withdrawal is committed. */
export type Withdraw = (
  i: { amountCents: number; pixKeyType: PixKeyType; pixKey: string; description?: string },
  saved: (w: WithdrawalRecord) => void,
) => Promise<Result<WithdrawalView>>;

/** What the API Pix client offers for a devolução (electron/services/psp/api-pix/client.ts). */
export interface RefundPsp {
  refund(e2eid: string, id: string, cents: number): Promise<Result<{ status: string }>>;
  refundStatus(e2eid: string, id: string): Promise<Result<{ status: string }>>;
  cobPayments(txid: string): Promise<Result<Array<{ endToEndId: string; cents: number }>>>;
}

/** `psp` gives null when the PSP kind has no devolução route (the family): money goes back by withdrawal. */
export interface RefundServiceDeps extends RecordServiceDeps<RefundPsp | null, RefundView> {
  /** The family kind: money goes back by a withdrawal to a key the owner types. */
  withdraw?: Withdraw;
  /** Delays between status questions while a refund is on its way or its answer was lost. */
  pollDelaysMs?: number[];
  /** The terminal is in DEMO now: DEMO sales refund only then, live ones only after it. */
  isDemo?: () => boolean;
}

export const toRefundView = (r: RefundRecord): RefundView => ({
  id: r.id,
  chargeId: r.chargeId,
  amountCents: r.amountCents,
  status: r.status,
  via: r.withdrawalId ? 'withdrawal' : 'devolucao',
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  ...definedFields(r, ['pspStatus', 'noticeCode', 'doneAt']),
});

/** Our devolução id: `[a-zA-Z0-9]{1,35}` ([spec] DevolucaoId), unique, saved before it is sent. */
const newRefundId = () => `dev${randomBytes(14).toString('hex')}`;

/**
 * Devoluções, full or partial: lock the sale, check what is left, save the refund with our id,
 * then ask the PSP; the status is followed (PUT's answer, then GET of the same id) until final.
 * An answer lost is never resent blindly: the same id is asked about first, and sent again only
 * when the PSP says it never got it.
 */
export class RefundService extends RecordService<RefundView, RefundServiceDeps> {
  constructor(deps: RefundServiceDeps) {
    super(
      deps,
      deps.pollDelaysMs ?? [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 300_000, 900_000],
    );
  }

  /** A sale's refunds and what it can still give back. */
  forCharge(chargeId: string): Result<ChargeRefunds> {
    const c = this.deps.ledger.charges.get(chargeId);
    if (!c) return err('not_found', 'CHARGE_NOT_FOUND');
    const refunds = this.deps.ledger.refunds.forCharge(c.id);
    return ok({
      chargeId: c.id,
      amountCents: c.amountCents,
      refundableCents: isReceived(c) ? refundableCents(receivedOf(c), refunds) : 0,
      via: this.deps.psp() ? 'devolucao' : 'withdrawal',
      refunds: refunds.map(toRefundView),
    });
  }

  /** Devolver: full or partial; refused in words (and never sent) above what is left. */
  request(i: { chargeId: string; amountCents: number }): Promise<Result<RefundView>> {
    return this.lock.run(i.chargeId, async () => {
      const psp = this.deps.psp();
      if (!psp) return err('unavailable', 'REFUND_NOT_OFFERED');
      const c = this.deps.ledger.charges.get(i.chargeId);
      if (!c) return err('not_found', 'CHARGE_NOT_FOUND');
      if (!isReceived(c)) return err('conflict', 'REFUND_NOT_PAID');
      // A DEMO sale's money is the embedded sandbox's: never sent back through a live PSP.
      if (c.demo !== (this.deps.isDemo?.() ?? false)) return err('conflict', 'REFUND_DEMO_APART');
      const refunds = this.deps.ledger.refunds.forCharge(c.id);
      // Never more than what arrived (an underpaid sale gives back what it got, not the price).
      const checked = checkRefund(i.amountCents, receivedOf(c), refunds);
      if (!checked.ok) return checked;
      const e2e = c.endToEndId ? ok(c.endToEndId) : await this.paymentOf(c, psp);
      if (!e2e.ok) return e2e;
      const at = this.now();
      const r: RefundRecord = {
        id: newRefundId(),
        chargeId: c.id,
        endToEndId: e2e.value,
        amountCents: i.amountCents,
        status: 'SENDING',
        attempts: 0,
        demo: c.demo,
        createdAt: at,
        updatedAt: at,
      };
      // Committed before the PSP hears of it: a retry after a crash or a lost answer reuses the id.
      this.deps.ledger.refunds.insert(r);
      this.step(r.id, { type: 'send' });
      return ok(toRefundView(await this.send(r.id)));
    });
  }

  /**
   * The family kind (no refund route): a withdrawal of the amount to the key the owner typed,
   * linked to the sale as it is committed, followed as the withdrawal is, counted as a refund.
   */
  requestByWithdrawal(i: {
    chargeId: string;
    amountCents: number;
    pixKeyType: PixKeyType;
    pixKey: string;
  }): Promise<Result<RefundView>> {
    return this.lock.run(i.chargeId, async () => {
      const withdraw = this.deps.withdraw;
      if (!withdraw) return err('unavailable', 'REFUND_NOT_OFFERED');
      const c = this.deps.ledger.charges.get(i.chargeId);
      if (!c) return err('not_found', 'CHARGE_NOT_FOUND');
      if (!isReceived(c)) return err('conflict', 'REFUND_NOT_PAID');
      // A DEMO sale's money is the embedded sandbox's: never sent back through a live PSP.
      if (c.demo !== (this.deps.isDemo?.() ?? false)) return err('conflict', 'REFUND_DEMO_APART');
      const checked = checkRefund(
        i.amountCents,
        receivedOf(c),
        this.deps.ledger.refunds.forCharge(c.id),
      );
      if (!checked.ok) return checked;
      let id = '';
      const w = await withdraw(
        {
          amountCents: i.amountCents,
          pixKeyType: i.pixKeyType,
          pixKey: i.pixKey,
          description: `Devolução ${c.externalId}`.slice(0, 140),
        },
        (saved) => {
          id = newRefundId();
          const at = this.now();
          this.deps.ledger.refunds.insert({
            id,
            chargeId: c.id,
            withdrawalId: saved.id,
            amountCents: i.amountCents,
            status: 'SENDING',
            attempts: 1,
            demo: c.demo,
            createdAt: at,
            updatedAt: at,
          });
        },
      );
      if (!w.ok) return w;
      this.onWithdrawal(w.value);
      const r = this.deps.ledger.refunds.get(id);
      return r ? ok(toRefundView(r)) : err('internal', 'INTERNAL');
    });
  }

  /** A withdrawal made as a refund changed: the refund follows it (REFUNDED when COMPLETED). */
  onWithdrawal(w: WithdrawalView): void {
    const r = this.deps.ledger.refunds.byWithdrawal(w.id);
    if (!r) return;
    const status = refundStateOfWithdrawal(w.status);
    if (status === r.status) return;
    const at = this.now();
    const next: RefundRecord = {
      ...r,
      status,
      updatedAt: at,
      ...(status === 'REFUNDED' && { doneAt: at }),
      ...(w.notice?.code && { noticeCode: w.notice.code }),
    };
    this.deps.ledger.refunds.save(next);
    this.deps.publish?.(toRefundView(next));
  }

  /** Start-up: a refund possibly in flight is asked about, never resent blindly. */
  recover(): void {
    for (const r of this.deps.ledger.refunds.open()) {
      if (r.withdrawalId) continue;
      if (r.status === 'SENDING') this.step(r.id, { type: 'answerLost' });
      else this.schedulePoll(r.id, r.chargeId);
    }
  }

  /** A webhook or the received-PIX list named this refund's state (`devolucoes[]`). */
  applyPspStatus(id: string, status: string): void {
    const r = this.deps.ledger.refunds.get(id);
    if (r && !isRefundFinal(r.status)) this.step(id, { type: 'pspStatus', status, at: this.now() });
  }

  /** The charge's payment, from `GET /cob` (a charge paid before this column existed, or by webhook). */
  private async paymentOf(c: ChargeRecord, psp: RefundPsp): Promise<Result<string>> {
    const txid = c.pspTransactionId;
    if (!txid) return err('conflict', 'REFUND_NO_PAYMENT_ID');
    const pix = await psp.cobPayments(txid);
    if (!pix.ok) return pix;
    const first = pix.value[0];
    if (!first) return err('conflict', 'REFUND_NO_PAYMENT_ID');
    const fresh = this.deps.ledger.charges.get(c.id);
    if (fresh && !fresh.endToEndId)
      this.deps.ledger.charges.save({ ...fresh, endToEndId: first.endToEndId });
    return ok(first.endToEndId);
  }

  /** Load, decide, save, then publish and schedule. */
  private step(id: string, e: RefundEvent): RefundRecord | undefined {
    const r = this.deps.ledger.refunds.get(id);
    if (!r) return undefined;
    const d = decideRefund(r, e);
    this.settle(
      d,
      (next) => this.deps.ledger.refunds.save(next),
      toRefundView,
      (effect) => {
        if (effect.type === 'pollLater') this.schedulePoll(id, r.chargeId);
        // sendNow: the caller holding the lock sends (request, or poll after notAtPsp).
      },
    );
    return d.next;
  }

  private async send(id: string): Promise<RefundRecord> {
    const r = this.deps.ledger.refunds.get(id)!;
    const psp = this.deps.psp();
    if (r.status !== 'SENDING' || !psp || !r.endToEndId) return r;
    const a = await psp.refund(r.endToEndId, r.id, r.amountCents);
    const e: RefundEvent = a.ok
      ? { type: 'pspStatus', status: a.value.status, at: this.now() }
      : a.kind === 'uncertain'
        ? { type: 'answerLost' }
        : { type: 'pspRefused', kind: a.kind, code: a.code };
    return this.step(id, e) ?? r;
  }

  /** Asks the PSP about our id; a 404 after a lost answer means it never arrived: send again. */
  private async poll(id: string): Promise<void> {
    const r = this.deps.ledger.refunds.get(id);
    const psp = this.deps.psp();
    if (!r || isRefundFinal(r.status) || !psp || !r.endToEndId) return;
    const a = await psp.refundStatus(r.endToEndId, r.id);
    if (a.ok) this.step(id, { type: 'pspStatus', status: a.value.status, at: this.now() });
    else if (a.kind === 'not_found' && r.status === 'UNCERTAIN') {
      const next = this.step(id, { type: 'notAtPsp' });
      if (next?.status === 'SENDING') await this.send(id);
    }
    const after = this.deps.ledger.refunds.get(id);
    if (after && !isRefundFinal(after.status)) this.schedulePoll(id, r.chargeId);
  }

  private schedulePoll(id: string, chargeId: string): void {
    // After the last poll it stays with its status and notice: the owner sees it in Histórico.
    // Under the sale's lock, as every refund step: two refunds of one sale never overlap.
    this.followUp(id, chargeId, () => this.poll(id));
  }
}
