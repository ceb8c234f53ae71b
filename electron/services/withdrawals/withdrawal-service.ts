import { randomBytes, randomUUID } from 'node:crypto';
import { MONEY_ERRORS } from '../../../shared/domain/money';
import { parsePixKey, type PixKeyType } from '../../../shared/domain/pix-key';
import {
  canMoveWithdrawal,
  isWithdrawalFinal,
  readWithdrawalStatus,
} from '../../../shared/domain/withdrawal-state';
import { err, ok, type Err, type Result } from '../../../shared/result';
import type { WithdrawalState, WithdrawalView } from '../../../shared/views';
import type { Ledger } from '../ledger/ledger';
import type { WithdrawalRecord } from '../ledger/withdrawals-repo';
import type { WithdrawInput } from '../psp/client';
import type { WithdrawalReceipt } from '../psp/replies';

export interface WithdrawalPsp {
  withdraw(i: WithdrawInput): Promise<Result<WithdrawalReceipt>>;
}

export interface WithdrawalServiceDeps {
  ledger: Ledger;
  psp: () => WithdrawalPsp;
  callbackUrl: () => string;
  maxAmountCents: () => number;
  now?: () => number;
  publish?: (v: WithdrawalView) => void;
  retryDelaysMs?: number[];
  /**
   * False when the PSP takes no external id of ours (cics-pt): a resend could then pay twice,
   * so an unconfirmed withdrawal is never resent and the owner is told to check the PSP.
   */
  retrySafe?: () => boolean;
}

const mask = (key: string) => (key.length <= 6 ? '***' : `${key.slice(0, 3)}***${key.slice(-3)}`);

export function toWithdrawalView(w: WithdrawalRecord): WithdrawalView {
  return {
    id: w.id,
    externalId: w.externalId,
    amountCents: w.amountCents,
    pixKeyType: w.pixKeyType,
    pixKeyMasked: mask(w.pixKey),
    status: w.status,
    flags: w.flags,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    ...(w.description !== undefined && { description: w.description }),
    ...(w.pspId !== undefined && { pspId: w.pspId }),
    ...(w.noticeCode !== undefined && { notice: { code: w.noticeCode, text: w.noticeText ?? '' } }),
  };
}

const UNCERTAIN_TEXT =
  'O PSP não confirmou o saque. Verificando com o mesmo identificador — não peça outro saque.';
const UNCERTAIN_NO_RETRY_TEXT =
  'O PSP não confirmou o saque e não aceita um identificador nosso, então ele não será reenviado. Confira no painel do PSP antes de pedir outro.';

/** PIX withdrawals: ledger first, the same external id on every retry, status by callback. */
export class WithdrawalService {
  private readonly now: () => number;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: WithdrawalServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async create(i: {
    amountCents: number;
    pixKeyType: PixKeyType;
    pixKey: string;
    description?: string;
  }): Promise<Result<WithdrawalView>> {
    if (!Number.isSafeInteger(i.amountCents) || i.amountCents <= 0)
      return err('validation', 'AMOUNT_ZERO', MONEY_ERRORS.AMOUNT_ZERO, { field: 'amount' });
    if (i.amountCents > this.deps.maxAmountCents())
      return err('validation', 'AMOUNT_ABOVE_MAX', MONEY_ERRORS.AMOUNT_ABOVE_MAX, {
        field: 'amount',
      });
    const key = parsePixKey(i.pixKeyType, i.pixKey);
    if (!key.ok) return key;
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
      createdAt: at,
      updatedAt: at,
      ...(description && { description }),
    };
    this.deps.ledger.withdrawals.insert(w);
    return ok(toWithdrawalView(await this.submit(w)));
  }

  private retrySafe(): boolean {
    return this.deps.retrySafe?.() ?? true;
  }

  list(): WithdrawalView[] {
    return this.deps.ledger.withdrawals.list().map(toWithdrawalView);
  }

  /** From a callback: the outcome, idempotent, final states stay final. */
  applyStatus(
    ids: string[],
    raw: string,
  ): 'applied' | 'duplicate' | 'ignored' | 'unknown-status' | 'unknown-record' {
    const w = this.deps.ledger.withdrawals.findByAnyId(ids);
    if (!w) return 'unknown-record';
    const to = readWithdrawalStatus(raw);
    w.pspStatus = raw;
    if (!to) {
      if (!w.flags.includes('UNKNOWN_STATUS')) w.flags.push('UNKNOWN_STATUS');
      this.save(w);
      return 'unknown-status';
    }
    if (w.status === to) return 'duplicate';
    if (isWithdrawalFinal(w.status) || !canMoveWithdrawal(w.status, to)) return 'ignored';
    this.move(w, to);
    return 'applied';
  }

  async recover(): Promise<void> {
    for (const w of this.deps.ledger.withdrawals.open()) {
      if (w.status === 'SUBMITTING') this.move(w, 'UNCERTAIN', UNCERTAIN_TEXT);
      if (w.status === 'UNCERTAIN' && this.retrySafe()) await this.submit(w);
    }
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
  }

  private async submit(w: WithdrawalRecord, round = 0): Promise<WithdrawalRecord> {
    if (w.status === 'UNCERTAIN') this.move(w, 'SUBMITTING');
    const r = await this.deps.psp().withdraw({
      amountCents: w.amountCents,
      externalId: w.externalId,
      pixKey: w.pixKey,
      pixKeyType: w.pixKeyType,
      callbackUrl: this.deps.callbackUrl(),
      ...(w.description !== undefined && { description: w.description }),
    });
    const fresh = this.deps.ledger.withdrawals.get(w.id)!;
    if (r.ok) {
      if (r.value.id) fresh.pspId = r.value.id;
      const to = (r.value.status && readWithdrawalStatus(r.value.status)) || 'PROCESSING';
      this.move(fresh, to === 'FAILED' ? 'FAILED' : to);
      return fresh;
    }
    return this.onError(fresh, r, round);
  }

  private onError(w: WithdrawalRecord, e: Err, round: number): WithdrawalRecord {
    if (e.kind === 'conflict') {
      // The PSP already holds this id: the earlier attempt went through.
      this.move(w, 'PROCESSING', 'O PSP já tinha recebido este saque; aguardando a confirmação.');
      return w;
    }
    if (e.kind === 'uncertain' && !this.retrySafe()) {
      this.move(w, 'UNCERTAIN', UNCERTAIN_NO_RETRY_TEXT, 'UNCERTAIN_NO_RETRY');
      return w;
    }
    if (e.kind === 'uncertain' || round > 0 || w.flags.includes('RETRIED')) {
      if (!w.flags.includes('RETRIED')) w.flags.push('RETRIED');
      this.move(w, 'UNCERTAIN', UNCERTAIN_TEXT);
      const delays = this.deps.retryDelaysMs ?? [2_000, 10_000, 30_000];
      if (round < delays.length) {
        const t = setTimeout(() => {
          this.timers.delete(t);
          const cur = this.deps.ledger.withdrawals.get(w.id);
          if (cur?.status === 'UNCERTAIN') void this.submit(cur, round + 1);
        }, delays[round]);
        t.unref?.();
        this.timers.add(t);
      }
      return w;
    }
    this.move(w, 'FAILED', e.message, e.code);
    return w;
  }

  private move(w: WithdrawalRecord, to: WithdrawalState, text?: string, code?: string): void {
    if (w.status !== to && !canMoveWithdrawal(w.status, to)) return;
    w.status = to;
    if (text) {
      w.noticeCode = code ?? (to === 'UNCERTAIN' ? 'UNCERTAIN' : to);
      w.noticeText = text;
    } else if (to === 'PROCESSING' || to === 'COMPLETED') {
      w.noticeCode = undefined;
      w.noticeText = undefined;
    }
    this.save(w);
  }

  private save(w: WithdrawalRecord): void {
    w.updatedAt = this.now();
    this.deps.ledger.withdrawals.save(w);
    this.deps.publish?.(toWithdrawalView(w));
  }
}
