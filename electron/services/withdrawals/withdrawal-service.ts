import { randomBytes, randomUUID } from 'node:crypto';
import { checkAmount } from '../../../shared/domain/money';
import { maskPixKey, parsePixKey, type PixKeyType } from '../../../shared/domain/pix-key';
import {
  decideWithdrawal,
  type WithdrawalEvent,
} from '../../../shared/domain/withdrawal-lifecycle';
import { parseDocument } from '../../../shared/domain/documents';
import { err, ok, type Result } from '../../../shared/result';
import type { WithdrawalView } from '../../../shared/views';
import { definedFields } from '../defined-fields';
import { RecordService, type RecordServiceDeps } from '../record-service';
import type { WithdrawalRecord } from '../ledger/withdrawals-repo';
import type { WithdrawInput } from '../psp/client';
import type { WithdrawalReceipt } from '../psp/replies';

export interface WithdrawalPsp {
  withdraw(i: WithdrawInput): Promise<Result<WithdrawalReceipt>>;
}

export interface WithdrawalServiceDeps extends RecordServiceDeps<WithdrawalPsp, WithdrawalView> {
  callbackUrl: () => string;
  maxAmountCents: () => number;
  retryDelaysMs?: number[];
  /** False when the PSP takes no external id of ours: an unconfirmed withdrawal is never resent. */
  retrySafe?: () => boolean;
  /** Key types for which the PSP requires the receiver's CPF/CNPJ (`psp.withdrawal.receiverRequiredFor`). */
  receiverRequiredFor?: () => readonly PixKeyType[];
  /** DEMO mode: the withdrawal is marked so a live closing never counts it (issue 34). */
  isDemo?: () => boolean;
}

export function toWithdrawalView(w: WithdrawalRecord): WithdrawalView {
  return {
    id: w.id,
    externalId: w.externalId,
    amountCents: w.amountCents,
    pixKeyType: w.pixKeyType,
    pixKeyMasked: maskPixKey(w.pixKey),
    status: w.status,
    flags: w.flags,
    ...(w.demo && { demo: true }),
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    ...definedFields(w, ['description', 'pspId']),
    // A code; the renderer words it (withdrawalNotices.<code>, else the PSP error's words).
    ...(w.noticeCode !== undefined && { notice: { code: w.noticeCode } }),
  };
}

/** PIX withdrawals: ledger first, the same external id on every retry, status by callback. */
export class WithdrawalService extends RecordService<WithdrawalView, WithdrawalServiceDeps> {
  constructor(deps: WithdrawalServiceDeps) {
    super(deps, deps.retryDelaysMs ?? [2_000, 10_000, 30_000]);
  }

  async create(
    i: {
      amountCents: number;
      pixKeyType: PixKeyType;
      pixKey: string;
      description?: string;
      receiverDocument?: string;
      receiverName?: string;
    },
    /** Runs once the withdrawal is committed, before the PSP hears of it (a refund links to it). */
    saved?: (w: WithdrawalRecord) => void,
  ): Promise<Result<WithdrawalView>> {
    const amount = checkAmount(i.amountCents, this.deps.maxAmountCents());
    if (!amount.ok) return amount;
    const key = parsePixKey(i.pixKeyType, i.pixKey);
    if (!key.ok) return key;
    const required = this.deps.receiverRequiredFor?.().includes(i.pixKeyType) ?? false;
    const docText = i.receiverDocument?.trim() ?? '';
    if (required && docText === '')
      return err('validation', 'RECEIVER_DOCUMENT_REQUIRED', { field: 'receiverDocument' });
    const doc = docText === '' ? undefined : parseDocument(docText);
    if (doc && !doc.ok) return { ...doc, field: 'receiverDocument' };
    const receiverName = i.receiverName?.trim();
    const description = i.description?.trim();
    const at = this.now();
    const w: WithdrawalRecord = {
      id: randomUUID(),
      externalId: `wdr_${at.toString(36)}_${randomBytes(6).toString('hex')}`,
      amountCents: i.amountCents,
      pixKeyType: i.pixKeyType,
      pixKey: key.value,
      status: 'SUBMITTING',
      flags: [],
      ...(this.deps.isDemo?.() && { demo: true }),
      createdAt: at,
      updatedAt: at,
      ...(description && { description }),
      // Kept with it: a resend after a restart carries the receiver as the first send did.
      ...((doc?.ok || receiverName) && {
        receiver: {
          ...(doc?.ok && { document: doc.value.value }),
          ...(receiverName && { name: receiverName }),
        },
      }),
    };
    // Committed before the PSP hears of it.
    this.deps.ledger.withdrawals.insert(w);
    saved?.(w);
    const done = await this.lock.run(w.id, () => this.send(w.id));
    return ok(toWithdrawalView(done ?? w));
  }

  list(): WithdrawalView[] {
    return this.deps.ledger.withdrawals.list().map(toWithdrawalView);
  }

  /** From a callback (inside the intake's transaction): idempotent, final states stay final. */
  applyStatus(
    ids: string[],
    raw: string,
  ): 'applied' | 'duplicate' | 'ignored' | 'unknown-status' | 'unknown-record' | 'noop' {
    const w = this.deps.ledger.withdrawals.findByAnyId(ids);
    if (!w) return 'unknown-record';
    return this.commit(w, { type: 'callbackStatus', raw }).outcome;
  }

  async recover(): Promise<void> {
    for (const w of this.deps.ledger.withdrawals.open()) {
      const retrySafe = this.deps.retrySafe?.() ?? true;
      const now =
        w.status === 'SUBMITTING' ? this.commit(w, { type: 'answerLost', retrySafe }).next : w;
      if (now.status === 'UNCERTAIN' && retrySafe) {
        this.cancelFollowUps(w.id);
        await this.lock.run(w.id, () => this.retry(w.id));
      }
    }
  }

  /** Load once (the caller did), decide, save, then publish. */
  private commit(w: WithdrawalRecord, e: WithdrawalEvent) {
    const d = decideWithdrawal(w, e);
    this.settle(
      d,
      (next) => this.deps.ledger.withdrawals.save(next),
      toWithdrawalView,
      () => this.scheduleRetry(w.id),
    );
    return d;
  }

  private step(id: string, e: WithdrawalEvent) {
    const w = this.deps.ledger.withdrawals.get(id);
    return w ? this.commit(w, e).next : undefined;
  }

  private async retry(id: string): Promise<WithdrawalRecord | undefined> {
    this.step(id, { type: 'submit' });
    return this.send(id);
  }

  private async send(id: string): Promise<WithdrawalRecord | undefined> {
    const w = this.deps.ledger.withdrawals.get(id);
    if (!w || w.status !== 'SUBMITTING') return w;
    const r = await this.deps.psp().withdraw({
      amountCents: w.amountCents,
      externalId: w.externalId,
      pixKey: w.pixKey,
      pixKeyType: w.pixKeyType,
      callbackUrl: this.deps.callbackUrl(),
      ...(w.description !== undefined && { description: w.description }),
      ...(w.receiver && { receiver: w.receiver }),
    });
    return this.step(
      id,
      r.ok
        ? {
            type: 'pspAnswer',
            ...(r.value.id && { id: r.value.id }),
            ...(r.value.status && { status: r.value.status }),
          }
        : r.kind === 'uncertain'
          ? { type: 'answerLost', retrySafe: this.deps.retrySafe?.() ?? true }
          : { type: 'pspRefused', kind: r.kind, code: r.code },
    );
  }

  private scheduleRetry(id: string): void {
    // After the last retry it stays UNCERTAIN with its notice: the owner asks the PSP.
    this.followUp(id, id, () => this.retry(id));
  }
}
