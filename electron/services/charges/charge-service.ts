import { randomBytes, randomUUID } from 'node:crypto';
import { verifyBrCode } from '../../../shared/domain/brcode';
import { isTerminal, transition, type ChargeState } from '../../../shared/domain/charge-state';
import { readPspStatus } from '../../../shared/domain/psp-status';
import { err, ok, type Err, type Result } from '../../../shared/result';
import type { AppSettings } from '../../../shared/settings';
import type { ChargeView } from '../../../shared/views';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { Ledger } from '../ledger/ledger';
import { silentLogger, type Logger } from '../log';
import type { CreatedCharge, TransactionStatus } from '../psp/replies';
import { validateCharge, type CreateChargeInput } from './charge-input';
import { toChargeView } from './charge-view';
import { NOTICES, type NoticeCode } from './notices';

/** The part of the PSP client the charge service uses. */
export interface ChargePsp {
  readonly hasStatusQuery: boolean;
  createDeposit(i: {
    amountCents: number;
    externalId: string;
    callbackUrl: string;
    payer: { name: string; email: string; document: string; phone: string };
    description?: string;
  }): Promise<Result<CreatedCharge>>;
  createTransaction(i: {
    amountCents: number;
    transactionId: string;
    webhookUrl: string;
    payerName: string;
    payerDocument: string;
    description?: string;
    splitUser?: string;
    splitTax?: number;
    gateway?: string;
  }): Promise<Result<CreatedCharge>>;
  transactionStatus(id: string): Promise<Result<TransactionStatus>>;
}

export interface ChargeServiceDeps {
  ledger: Ledger;
  psp: () => ChargePsp;
  settings: () => AppSettings;
  /** The URL the PSP calls back (the relay's hook, or the demo relay's). */
  callbackUrl: () => string;
  now?: () => number;
  terminalId: string;
  demo: boolean;
  publish?: (view: ChargeView) => void;
  /** Loud, app-wide notices (a late payment). */
  alert?: (code: string, text: string) => void;
  logger?: Logger;
  /** Delays between automatic attempts to resolve an uncertain charge. */
  resolveDelaysMs?: number[];
  /** Crash-test seam: runs right after the PSP answered, before the ledger is updated. */
  afterPspAnswer?: () => void;
}

export type ApplyOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'late-payment'
  | 'unknown-status'
  | 'unknown-charge'
  | 'noop';

const DEFAULT_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000];
const DEFERRED = 'DEFERRED_';

/**
 * The charge lifecycle of DESIGN.md. The rules that keep money safe:
 * - the ledger row is committed before any PSP call;
 * - an answer lost after sending makes the charge UNCERTAIN, never FAILED, and it is resolved
 *   by a status query or a retry with the SAME external id (the PSP refuses duplicates);
 * - a BR Code that fails verification is never shown;
 * - terminal states stay terminal; a late payment is recorded and announced loudly.
 */
export class ChargeService {
  private readonly now: () => number;
  private readonly logger: Logger;
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly resolveRounds = new Map<string, number>();
  private stopped = false;

  constructor(private readonly deps: ChargeServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? silentLogger;
  }

  async create(input: CreateChargeInput): Promise<Result<ChargeView>> {
    const settings = this.deps.settings();
    const operation = settings.psp.chargeOperation;
    const valid = validateCharge(input, operation, settings.psp.maxAmountCents);
    if (!valid.ok) return valid;
    const at = this.now();
    const record: ChargeRecord = {
      id: randomUUID(),
      externalId: this.newExternalId(),
      operation,
      amountCents: valid.value.amountCents,
      status: 'SUBMITTING',
      flags: [],
      // The insert records the first attempt too: after a crash it counts as possibly sent.
      attempts: 1,
      terminalId: this.deps.terminalId,
      demo: this.deps.demo,
      createdAt: at,
      updatedAt: at,
      expiresAt: at + settings.charges.expiryMinutes * 60_000,
      ...(valid.value.description !== undefined && { description: valid.value.description }),
      ...(valid.value.payer && { payer: valid.value.payer, payerName: valid.value.payer.name }),
      ...(valid.value.payerDocumentMasked !== undefined && {
        payerDocumentMasked: valid.value.payerDocumentMasked,
      }),
      ...(operation === 'transaction' &&
        settings.split.user && {
          split: { user: settings.split.user, taxPercent: settings.split.taxPercent },
        }),
      ...(operation === 'transaction' && settings.psp.gateway && { gateway: settings.psp.gateway }),
    };
    // Committed before the PSP hears of it: a crash from here on is recovered, never lost.
    this.deps.ledger.charges.insert(record, {
      from: 'DRAFT',
      to: 'SUBMITTING',
      source: 'create',
      at,
    });
    const done = await this.locked(record.id, () => this.submit(record.id, true));
    return ok(toChargeView(done));
  }

  get(id: string): Result<ChargeView> {
    const c = this.deps.ledger.charges.get(id);
    return c
      ? ok(toChargeView(c))
      : err('not_found', 'CHARGE_NOT_FOUND', 'Cobrança não encontrada.');
  }

  list(filter: { from?: number; to?: number; status?: ChargeState; limit?: number }): ChargeView[] {
    return this.deps.ledger.charges.list(filter).map(toChargeView);
  }

  record(id: string): ChargeRecord | undefined {
    return this.deps.ledger.charges.get(id);
  }

  /** The cashier gives up on a charge (the PSP has no cancel: we keep listening for a late payment). */
  async cancel(id: string): Promise<Result<ChargeView>> {
    return this.locked(id, async () => {
      const c = this.deps.ledger.charges.get(id);
      if (!c) return err('not_found', 'CHARGE_NOT_FOUND', 'Cobrança não encontrada.');
      if (c.status === 'SUBMITTING')
        return err('conflict', 'CHARGE_BUSY', 'Aguarde a resposta do PSP antes de cancelar.');
      if (isTerminal(c.status)) return ok(toChargeView(c));
      const next = this.move(c, 'CANCELED', 'cashier', 'LOCAL_CANCEL');
      return next.ok ? ok(toChargeView(next.value)) : next;
    });
  }

  /** "Verificar de novo": resolve an uncertain charge now, or ask the PSP about a pending one. */
  async recheck(id: string): Promise<Result<ChargeView>> {
    const c = this.deps.ledger.charges.get(id);
    if (!c) return err('not_found', 'CHARGE_NOT_FOUND', 'Cobrança não encontrada.');
    this.resolveRounds.delete(id);
    if (c.status === 'UNCERTAIN') await this.locked(id, () => this.resolve(id));
    else if (c.status === 'PENDING') await this.pollOne(id);
    return this.get(id);
  }

  /**
   * A status from a callback, a status query or the demo: idempotent; a terminal state stays
   * terminal; a late payment is recorded and announced.
   */
  applyStatus(
    ids: string[],
    rawStatus: string,
    source: string,
    extra: { feeCents?: number; amountCents?: number } = {},
  ): ApplyOutcome {
    const c = this.deps.ledger.charges.findByAnyId(ids);
    if (!c) return 'unknown-charge';
    const reading = readPspStatus(rawStatus, this.statusMap());
    const at = this.now();
    if (!reading.known) {
      c.pspStatus = rawStatus;
      this.setNotice(c, 'UNKNOWN_STATUS');
      this.addFlag(c, 'UNKNOWN_STATUS');
      c.updatedAt = at;
      this.deps.ledger.charges.save(c, {
        from: c.status,
        to: c.status,
        source,
        detail: `unknown PSP status ${rawStatus}`,
        at,
      });
      this.publish(c);
      return 'unknown-status';
    }
    const outcome = reading.outcome;
    if (outcome === 'PENDING') return 'noop';
    if (isTerminal(c.status)) {
      if (c.status === outcome) return 'duplicate';
      if (outcome === 'PAID' && c.status !== 'PAID' && c.status !== 'REFUNDED') {
        c.pspStatus = rawStatus;
        this.addFlag(c, 'LATE_PAYMENT');
        this.setNotice(c, 'LATE_PAYMENT');
        if (extra.feeCents !== undefined) c.feeCents = extra.feeCents;
        c.updatedAt = at;
        this.deps.ledger.charges.save(c, {
          from: c.status,
          to: c.status,
          source,
          detail: 'late payment after a final state',
          at,
        });
        this.logger.warn('late payment', { chargeId: c.id, status: c.status });
        this.deps.alert?.('LATE_PAYMENT', NOTICES.LATE_PAYMENT);
        this.publish(c);
        return 'late-payment';
      }
      if (!(c.status === 'PAID' && outcome === 'REFUNDED')) {
        this.deps.ledger.charges.addHistory(c.id, {
          from: c.status,
          to: c.status,
          source,
          detail: `ignored ${rawStatus} on a final charge`,
          at,
        });
        return 'ignored';
      }
    }
    if (c.status === 'SUBMITTING') {
      // A request is in flight for this charge; its answer settles the state first, then this
      // status is applied (kept durably as a flag, so a crash in between loses nothing).
      this.addFlag(c, `${DEFERRED}${outcome}`);
      c.updatedAt = at;
      this.deps.ledger.charges.save(c, {
        from: c.status,
        to: c.status,
        source,
        detail: `deferred ${rawStatus}`,
        at,
      });
      return 'applied';
    }
    c.pspStatus = rawStatus;
    if (extra.feeCents !== undefined) c.feeCents = extra.feeCents;
    if (
      outcome === 'PAID' &&
      extra.amountCents !== undefined &&
      extra.amountCents !== c.amountCents
    ) {
      this.addFlag(c, 'AMOUNT_MISMATCH');
      this.setNotice(c, 'PAID_AMOUNT_MISMATCH');
    }
    const moved = this.move(c, outcome, source);
    if (moved.ok) this.cancelTimer(c.id);
    return moved.ok ? 'applied' : 'ignored';
  }

  /** Local expiry: pending charges past their time become EXPIRED (a late payment is still caught). */
  expireDue(): number {
    let n = 0;
    for (const c of this.deps.ledger.charges.pendingDue(this.now())) {
      if (this.move(c, 'EXPIRED', 'local-expiry', 'LOCAL_EXPIRY').ok) n++;
    }
    return n;
  }

  /** Asks the PSP about every pending charge (the polling fallback; needs a status query). */
  async pollPending(): Promise<void> {
    if (!this.deps.psp().hasStatusQuery) return;
    for (const c of this.deps.ledger.charges.open()) {
      if (c.status === 'PENDING') await this.pollOne(c.id);
    }
  }

  /** Start-up: every charge that is not final resumes tracking. */
  async recover(): Promise<void> {
    for (const c of this.deps.ledger.charges.open()) {
      // We crashed with a request possibly in flight: that is exactly "uncertain".
      if (c.status === 'SUBMITTING') this.toUncertain(c, 'recovery');
      if (c.status === 'UNCERTAIN') {
        await this.locked(c.id, async () => this.applyDeferred(await this.resolve(c.id)));
      }
    }
    this.expireDue();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Resolves when every scheduled resolution and in-flight submit has settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.locks.size) await Promise.allSettled([...this.locks.values()]);
  }

  // — internals —

  private statusMap() {
    return this.deps.settings().psp.statusMap;
  }

  private async submit(id: string, first = false): Promise<ChargeRecord> {
    const c = this.deps.ledger.charges.get(id)!;
    if (!first) {
      // Durably counted before the request goes out, like the first attempt at insert.
      c.attempts++;
      if (c.status === 'UNCERTAIN') this.move(c, 'SUBMITTING', 'retry');
      else this.deps.ledger.charges.save(c);
    }
    const psp = this.deps.psp();
    const callbackUrl = this.deps.callbackUrl();
    const r =
      c.operation === 'deposit'
        ? await psp.createDeposit({
            amountCents: c.amountCents,
            externalId: c.externalId,
            callbackUrl,
            payer: c.payer as { name: string; email: string; document: string; phone: string },
            ...(c.description !== undefined && { description: c.description }),
          })
        : await psp.createTransaction({
            amountCents: c.amountCents,
            transactionId: c.externalId,
            webhookUrl: callbackUrl,
            payerName: c.payer?.name ?? '',
            payerDocument: c.payer?.document ?? '',
            ...(c.description !== undefined && { description: c.description }),
            // Recorded with the charge, so a same-id retry sends exactly the same request.
            ...(c.split && { splitUser: c.split.user, splitTax: c.split.taxPercent }),
            ...(c.gateway && { gateway: c.gateway }),
          });
    this.deps.afterPspAnswer?.();
    const fresh = this.deps.ledger.charges.get(id)!;
    const settled = r.ok ? this.accept(fresh, r.value, 'psp') : await this.onSubmitError(fresh, r);
    return this.applyDeferred(settled);
  }

  private applyDeferred(c: ChargeRecord): ChargeRecord {
    const deferred = c.flags.filter((f) => f.startsWith(DEFERRED));
    if (!deferred.length || c.status === 'SUBMITTING') return c;
    c.flags = c.flags.filter((f) => !f.startsWith(DEFERRED));
    this.deps.ledger.charges.save(c);
    for (const f of deferred) this.applyStatus([c.id], f.slice(DEFERRED.length), 'deferred');
    return this.deps.ledger.charges.get(c.id)!;
  }

  private async onSubmitError(c: ChargeRecord, e: Err): Promise<ChargeRecord> {
    const retrying = c.attempts > 1;
    if (e.kind === 'conflict') {
      // The PSP already holds this id: an earlier attempt (or a lost answer) created it.
      this.toUncertain(c, 'psp', e);
      if (this.deps.psp().hasStatusQuery) return this.resolveByQuery(c.id, false);
      return this.setNoticeAndSave(c, 'UNCERTAIN_EXISTS_NO_QUERY');
    }
    if (e.kind === 'uncertain' || retrying) {
      // Still unknown whether an attempt landed: keep trying with the same id, never fail it.
      this.toUncertain(c, 'psp', e);
      this.scheduleResolve(c.id);
      return this.deps.ledger.charges.get(c.id)!;
    }
    // Refused for sure (validation, auth, rate limit, PSP down): nothing was charged.
    c.noticeCode = e.code;
    c.noticeText = e.message;
    const moved = this.move(c, 'FAILED', 'psp');
    return moved.ok ? moved.value : c;
  }

  private accept(c: ChargeRecord, created: CreatedCharge, source: string): ChargeRecord {
    c.pspTransactionId = created.transactionId;
    c.pspStatus = created.status;
    if (created.amountCents !== c.amountCents) return this.reject(c, 'AMOUNT_MISMATCH', source);
    const check = verifyBrCode(created.qrcode, c.amountCents);
    if (!check.ok) {
      this.logger.warn('BR Code refused', { chargeId: c.id, code: check.code });
      return this.reject(c, 'QR_REJECTED', source, check.code);
    }
    c.brcode = created.qrcode;
    c.noticeCode = undefined;
    c.noticeText = undefined;
    const reading = readPspStatus(created.status, this.statusMap());
    const target = reading.known && reading.outcome !== 'REFUNDED' ? reading.outcome : 'PENDING';
    if (!reading.known) this.addFlag(c, 'UNKNOWN_STATUS');
    const moved = this.move(c, 'PENDING', source);
    if (!moved.ok) return c;
    if (target !== 'PENDING') this.move(moved.value, target, source);
    return moved.value;
  }

  /** The PSP created something we will not show: fail it locally and say why. */
  private reject(
    c: ChargeRecord,
    notice: NoticeCode,
    source: string,
    detail?: string,
  ): ChargeRecord {
    const moved = this.move(c, 'FAILED', source, notice, detail ?? notice);
    return moved.ok ? moved.value : c;
  }

  private async resolve(id: string): Promise<ChargeRecord> {
    const c = this.deps.ledger.charges.get(id)!;
    if (c.status !== 'UNCERTAIN') return c;
    if (this.deps.psp().hasStatusQuery) return this.resolveByQuery(id, true);
    return this.submit(id); // same external id: the PSP refuses a duplicate, so this cannot charge twice
  }

  private async resolveByQuery(id: string, retryIfAbsent: boolean): Promise<ChargeRecord> {
    const c = this.deps.ledger.charges.get(id)!;
    const q = await this.deps.psp().transactionStatus(c.pspTransactionId ?? c.externalId);
    if (!q.ok) {
      if (q.kind === 'not_found' && retryIfAbsent) return this.submit(id); // never reached the PSP
      this.scheduleResolve(id);
      return this.deps.ledger.charges.get(id)!;
    }
    const fresh = this.deps.ledger.charges.get(id)!;
    if (q.value.transactionId) fresh.pspTransactionId = q.value.transactionId;
    const reading = readPspStatus(q.value.status, this.statusMap());
    if (reading.known && reading.outcome === 'PENDING') {
      if (q.value.qrcode) {
        return this.accept(
          fresh,
          {
            transactionId: fresh.pspTransactionId ?? fresh.externalId,
            status: q.value.status,
            qrcode: q.value.qrcode,
            amountCents: q.value.amountCents ?? fresh.amountCents,
          },
          'status-query',
        );
      }
      this.addFlag(fresh, 'NO_QR');
      this.setNotice(fresh, 'NO_QR');
      const moved = this.move(fresh, 'PENDING', 'status-query');
      return moved.ok ? moved.value : fresh;
    }
    this.deps.ledger.charges.save(fresh);
    this.applyStatus(
      [id],
      q.value.status,
      'status-query',
      q.value.amountCents !== undefined ? { amountCents: q.value.amountCents } : {},
    );
    return this.deps.ledger.charges.get(id)!;
  }

  private async pollOne(id: string): Promise<void> {
    const c = this.deps.ledger.charges.get(id);
    if (!c || c.status !== 'PENDING') return;
    const q = await this.deps.psp().transactionStatus(c.pspTransactionId ?? c.externalId);
    if (q.ok)
      this.applyStatus(
        [id],
        q.value.status,
        'status-query',
        q.value.amountCents !== undefined ? { amountCents: q.value.amountCents } : {},
      );
  }

  private scheduleResolve(id: string): void {
    if (this.stopped || this.timers.has(id)) return;
    const round = this.resolveRounds.get(id) ?? 0;
    const delays = this.deps.resolveDelaysMs ?? DEFAULT_DELAYS;
    if (round >= delays.length) {
      const c = this.deps.ledger.charges.get(id);
      if (c && c.status === 'UNCERTAIN')
        this.setNoticeAndSave(
          c,
          this.deps.psp().hasStatusQuery ? 'UNCERTAIN_GAVE_UP' : 'UNCERTAIN_NO_QUERY',
        );
      return;
    }
    this.resolveRounds.set(id, round + 1);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      void this.locked(id, () => this.resolve(id)).catch((e: unknown) =>
        this.logger.error('resolve failed', { chargeId: id, error: String(e) }),
      );
    }, delays[round]);
    timer.unref?.();
    this.timers.set(id, timer);
  }

  private cancelTimer(id: string): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    this.resolveRounds.delete(id);
  }

  private toUncertain(c: ChargeRecord, source: string, e?: Err): void {
    if (c.status === 'UNCERTAIN') return;
    this.setNotice(c, 'UNCERTAIN');
    this.move(c, 'UNCERTAIN', source, undefined, e?.code);
  }

  /** Applies a legal transition and saves it with its history line; refuses an illegal one. */
  private move(
    c: ChargeRecord,
    to: ChargeState,
    source: string,
    notice?: NoticeCode,
    detail?: string,
  ): Result<ChargeRecord> {
    const t = transition(c.status, to);
    if (!t.ok) {
      this.logger.warn('illegal transition refused', {
        chargeId: c.id,
        from: c.status,
        to,
        source,
      });
      return t;
    }
    const from = c.status;
    c.status = to;
    c.updatedAt = this.now();
    if (notice) {
      this.addFlag(c, notice);
      this.setNotice(c, notice);
    }
    if (to === 'PENDING' && c.noticeCode === 'UNCERTAIN') {
      c.noticeCode = undefined;
      c.noticeText = undefined;
    }
    if (isTerminal(to)) {
      // Minimise payer data: what a same-id retry needed is no longer needed.
      c.payer = undefined;
      if (to === 'PAID' && c.noticeCode && c.noticeCode.startsWith('UNCERTAIN')) {
        c.noticeCode = undefined;
        c.noticeText = undefined;
      }
    }
    this.deps.ledger.charges.save(c, {
      from,
      to,
      source,
      ...(detail !== undefined && { detail }),
      at: c.updatedAt,
    });
    this.publish(c);
    return ok(c);
  }

  private setNotice(c: ChargeRecord, code: NoticeCode): void {
    c.noticeCode = code;
    c.noticeText = NOTICES[code];
  }

  private setNoticeAndSave(c: ChargeRecord, code: NoticeCode): ChargeRecord {
    this.setNotice(c, code);
    c.updatedAt = this.now();
    this.deps.ledger.charges.save(c);
    this.publish(c);
    return c;
  }

  private addFlag(c: ChargeRecord, flag: string): void {
    if (!c.flags.includes(flag)) c.flags.push(flag);
  }

  private publish(c: ChargeRecord): void {
    this.deps.publish?.(toChargeView(c));
  }

  /** One operation per charge at a time (a callback and a retry never interleave). */
  private locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tracked = next.finally(() => {
      if (this.locks.get(id) === tracked) this.locks.delete(id);
    });
    this.locks.set(id, tracked);
    return next;
  }

  private newExternalId(): string {
    const t = this.deps.terminalId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 't';
    return `blc_${t}_${this.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  }
}
