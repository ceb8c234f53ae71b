import { decide, type ChargeEvent } from '../../../shared/domain/charge-lifecycle';
import { checkValidity } from '../../../shared/domain/charge-validity';
import { cobvLife } from '../../../shared/domain/cobv';
import type { ChargeState } from '../../../shared/domain/charge-state';
import { readPspStatus } from '../../../shared/domain/psp-status';
import { err, ok, type Result } from '../../../shared/result';
import { mayCharge } from '../../../shared/domain/station';
import type { AppSettings } from '../../../shared/settings';
import type { ChargeView } from '../../../shared/views';
import { KeyedLock, RetrySchedule } from '../keyed-lock';
import type { RecordServiceDeps } from '../record-service';
import type { ChargeRecord } from '../ledger/charges-repo';
import { silentLogger, type Logger } from '../log';
import { draftCharge, validateCharge, type CreateChargeInput } from './charge-input';
import { sendCharge, type ChargePsp } from './charge-psp';
import { ChargeShell, type ApplyOutcome, type Stepped } from './charge-shell';
import { toChargeView } from './charge-view';
import type { ReceiverPins } from './receiver-pins';
import type { Receiver } from '../../../shared/domain/receiver-pin';

export type { ChargePsp } from './charge-psp';

export interface ChargeServiceDeps extends RecordServiceDeps<ChargePsp, ChargeView> {
  settings: () => AppSettings;
  /** The URL the PSP calls back (the relay's hook, or the demo relay's). */
  callbackUrl: () => string;
  terminalId: string;
  demo: boolean;
  /** Money landed on a charge (news for every screen, whether or not it is on one). */
  paid?: (view: ChargeView, late: boolean) => void;
  /** Loud, app-wide notices (a late payment), by code. */
  alert?: (code: string) => void;
  logger?: Logger;
  /** Delays between automatic attempts to resolve an uncertain charge. */
  resolveDelaysMs?: number[];
  /**
   * With no status query: how long a charge may stay in doubt before it is retired (the cashier
   * is told to start a new one), whatever the retries are doing. Below 10 s (issue 20).
   */
  doubtDeadlineMs?: number;
  /** The pinned receiver of the PSP's codes (receiver-pins.ts); absent: no pinning. */
  receiverPins?: ReceiverPins;
  /** A QR to another receiver was refused (after the pin recorded it). */
  receiverRefused?: (r: Receiver) => void;
  /** Crash-test seam: runs right after the PSP answered, before the ledger is updated. */
  afterPspAnswer?: () => void;
  /** A PSP that can cancel a charge (the API Pix kind): told after a local cancel. */
  cancelAtPsp?: (pspTransactionId: string) => void;
}

export type { ApplyOutcome } from './charge-shell';

// Close together at first: a cashier is waiting for the QR, and the chaos run's invariant wants
// nothing left uncertain 5 s after the PSP answers again (1, 2, 5 s missed it).
const DEFAULT_DELAYS = [1_000, 1_000, 2_000, 3_000, 5_000, 10_000, 30_000];
const DEFAULT_DOUBT_DEADLINE_MS = 8_000;

/**
 * The shell around `decide` (shared/domain/charge-lifecycle.ts): for each event, load the record
 * once, decide, save record and history in one transaction, and only then run the effects
 * (publish, alerts, resolution timers). The ledger row is committed before any PSP call.
 * It shares RecordService's deps but not its shell: a charge's retries log their errors and have
 * a give-up step of their own (record-service.ts drops a follow-up that throws).
 */
export class ChargeService {
  private readonly now: () => number;
  private readonly logger: Logger;
  private readonly lock = new KeyedLock();
  private readonly retries: RetrySchedule;
  /** One timer per charge in doubt without a status query (a schedule of one delay). */
  private readonly deadlines: RetrySchedule;
  private readonly shell: ChargeShell;

  constructor(private readonly deps: ChargeServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? silentLogger;
    this.retries = new RetrySchedule(deps.resolveDelaysMs ?? DEFAULT_DELAYS);
    this.deadlines = new RetrySchedule([deps.doubtDeadlineMs ?? DEFAULT_DOUBT_DEADLINE_MS]);
    this.shell = new ChargeShell({
      ledger: deps.ledger,
      now: this.now,
      logger: this.logger,
      ...(deps.publish && { publish: deps.publish }),
      ...(deps.paid && { paid: deps.paid }),
      ...(deps.alert && { alert: deps.alert }),
      statusMap: () => deps.settings().psp.statusMap,
      ...(deps.receiverPins && {
        receiver: () => deps.receiverPins!.get()?.receiver,
        learnReceiver: (r) => deps.receiverPins!.learn(r),
        receiverRefused: (r) => {
          deps.receiverPins!.refused(r);
          deps.receiverRefused?.(r);
        },
      }),
      resolveLater: (id) => {
        this.startDeadline(id);
        this.scheduleResolve(id);
      },
      stopResolving: (id) => {
        this.retries.cancel(id);
        this.deadlines.cancel(id);
      },
    });
  }

  /** Requests in flight by the screen's request id, and those abandoned before they were seen. */
  private readonly inFlight = new Map<string, string>();
  private readonly abandoned = new Set<string>();

  async create(input: CreateChargeInput, requestId?: string): Promise<Result<ChargeView>> {
    const settings = this.deps.settings();
    // The owner's PC only (`Este computador`): every path that charges ends here, refused first.
    const may = mayCharge(settings);
    if (!may.ok) return may;
    const operation = settings.psp.chargeOperation;
    const valid = validateCharge(input, operation, settings.psp.maxAmountCents);
    if (!valid.ok) return valid;
    // A longer life only where the PSP can give it (never a charge that silently expires early).
    const at = this.now();
    const life = input.cobv
      ? cobvLife(input.cobv, input, settings.psp.kind, at)
      : input.validityHours === undefined
        ? ok(settings.charges.expiryMinutes * 60_000)
        : checkValidity(input.validityHours, settings.psp.kind);
    if (!life.ok) return life;
    const derivedId = this.deps.psp().pspIdFor;
    const draft: ChargeRecord = {
      ...draftCharge(valid.value, {
        operation,
        terminalId: this.deps.terminalId,
        demo: this.deps.demo,
        at,
        expiresAt: at + life.value,
      }),
      // `Divisão (split)` and the gateway, recorded so a same-id retry sends the same request.
      ...(operation === 'transaction' &&
        settings.split.user && {
          split: { user: settings.split.user, taxPercent: settings.split.taxPercent },
        }),
      ...(operation === 'transaction' && settings.psp.gateway && { gateway: settings.psp.gateway }),
      ...(input.cobv && { cobv: input.cobv }),
    };
    // A PSP that knows the charge by an id derived from ours (the API Pix's txid): recorded
    // before it is sent, so a lost answer is asked about, cancelled and paid by that id.
    if (derivedId) draft.pspTransactionId = derivedId(draft.externalId, draft.cobv !== undefined);
    // DRAFT → SUBMITTING, attempt 1, committed before the PSP hears of it: a crash from here
    // on is recovered as "possibly sent", never lost.
    const d = decide(draft, { type: 'submit' }, { at });
    const lines = d.history.map((h) => ({ ...h, source: 'create', at }));
    this.deps.ledger.charges.insert(d.next, lines);
    if (requestId) {
      this.inFlight.set(requestId, draft.id);
      if (this.abandoned.delete(requestId)) this.cancel(draft.id);
    }
    try {
      const done = await this.lock.run(draft.id, () => this.send(draft.id));
      return done ? ok(toChargeView(done)) : this.notFound();
    } finally {
      if (requestId) this.inFlight.delete(requestId);
    }
  }

  /**
   * The screen gave up on a request still in flight (Esc, confirmed): its charge is canceled
   * the moment the PSP's answer arrives, in the same decision, so its QR is never published.
   */
  abandon(requestId: string, by = 'cashier'): void {
    const id = this.inFlight.get(requestId);
    if (id) this.cancel(id, by);
    else this.abandoned.add(requestId); // not seen yet (or already answered: then a no-op)
  }

  /** The charge in progress (pending or uncertain, the newest): what a reload puts back. */
  current(): ChargeView | null {
    const open = this.deps.ledger.charges
      .open()
      .filter((c) => c.status === 'PENDING' || c.status === 'UNCERTAIN');
    const newest = open.at(-1);
    return newest ? toChargeView(newest) : null;
  }

  get(id: string): Result<ChargeView> {
    const c = this.deps.ledger.charges.get(id);
    return c ? ok(toChargeView(c)) : this.notFound();
  }

  list(filter: { from?: number; to?: number; status?: ChargeState; limit?: number }): ChargeView[] {
    return this.deps.ledger.charges.list(filter).map(toChargeView);
  }

  record(id: string): ChargeRecord | undefined {
    return this.deps.ledger.charges.get(id);
  }

  /**
   * The cashier gives up on a charge. The PSP has no cancel: we keep listening, and a payment
   * that still lands is a late payment. While the create is in flight the cancel is deferred
   * and applied the moment its answer arrives.
   */
  cancel(id: string, by = 'cashier'): Result<ChargeView> {
    const s = this.shell.step(id, { type: 'cancel', by }, 'cashier');
    const pspId = s?.record.status === 'CANCELED' ? s.record.pspTransactionId : undefined;
    if (pspId) this.deps.cancelAtPsp?.(pspId);
    return s ? ok(toChargeView(s.record)) : this.notFound();
  }

  /** "Verificar de novo": resolve an uncertain charge now, or ask the PSP about a pending one. */
  async recheck(id: string): Promise<Result<ChargeView>> {
    const c = this.deps.ledger.charges.get(id);
    if (!c) return this.notFound();
    this.retries.cancel(id);
    if (c.status === 'UNCERTAIN') await this.lock.run(id, () => this.resolve(id));
    else if (c.status === 'PENDING') await this.lock.run(id, () => this.query(id, false));
    return this.get(id);
  }

  /** Whether this PSP status, read with the configured map, says the charge was paid. */
  readsPaid(rawStatus: string): boolean {
    const r = readPspStatus(rawStatus, this.deps.settings().psp.statusMap);
    return r.known && r.outcome === 'PAID';
  }

  /** A status from a callback or the demo, in its own transaction. */
  applyStatus(
    ids: string[],
    rawStatus: string,
    source: string,
    extra: { feeCents?: number; amountCents?: number } = {},
  ): ApplyOutcome {
    const s = this.deps.ledger.tx(() => this.applyStatusInTx(ids, rawStatus, source, extra));
    s.after();
    return s.outcome;
  }

  /**
   * Inside the caller's transaction (the callback intake records the event id in the same one):
   * the caller runs `after` once it committed.
   */
  applyStatusInTx(
    ids: string[],
    rawStatus: string,
    source: string,
    extra: { feeCents?: number; amountCents?: number } = {},
  ): Pick<Stepped, 'outcome' | 'after'> {
    const c = this.deps.ledger.charges.findByAnyId(ids);
    if (!c) return { outcome: 'unknown-charge', after: () => {} };
    return this.shell.decideAndSave(
      c,
      { type: 'callbackStatus', raw: rawStatus, ...extra },
      source,
    );
  }

  /**
   * Local expiry: pending charges past their time become EXPIRED (a late payment is still caught).
   * At most `max` in one call (a burst of thousands would hold the event loop for seconds: the
   * next tick takes the rest); read page by page (keyset: a record left pending by its decision
   * is not read again), not as one array of every due record.
   */
  expireDue(max = 1_000): number {
    let n = 0;
    let seen = 0;
    const now = this.now();
    for (let page = this.deps.ledger.charges.pendingDue(now); page.length > 0;) {
      for (const c of page) {
        const s = this.shell.commit(c, { type: 'localExpiry' }, 'local-expiry');
        if (s.outcome === 'applied') n++;
      }
      seen += page.length;
      if (seen >= max) break;
      page = this.deps.ledger.charges.pendingDue(now, undefined, page.at(-1)!);
    }
    return n;
  }

  /** Asks the PSP about every pending charge (the polling fallback; needs a status query). */
  async pollPending(): Promise<void> {
    if (!this.deps.psp().hasStatusQuery) return;
    for (const c of this.deps.ledger.charges.open()) {
      if (c.status === 'PENDING') await this.lock.run(c.id, () => this.query(c.id, false));
    }
  }

  /** Start-up: every charge that is not final resumes tracking. */
  async recover(): Promise<void> {
    for (const c of this.deps.ledger.charges.open()) {
      // We crashed with a request possibly in flight: that is exactly "uncertain".
      const now =
        c.status === 'SUBMITTING'
          ? this.shell.commit(c, { type: 'answerLost', reason: 'recovery' }, 'recovery').record
          : c;
      if (now.status === 'UNCERTAIN') {
        this.retries.cancel(c.id);
        await this.lock.run(c.id, () => this.resolve(c.id));
      }
    }
    this.expireDue();
  }

  stop(): void {
    this.retries.stop();
    this.deadlines.stop();
  }

  /** Resolves when every scheduled resolution and in-flight submit has settled (tests, shutdown). */
  idle(): Promise<void> {
    return this.lock.idle();
  }

  // — talking to the PSP (always under the charge's lock) —

  private async send(id: string): Promise<ChargeRecord | undefined> {
    const before = this.deps.ledger.charges.get(id);
    if (!before || before.status !== 'SUBMITTING') return before;
    const psp = this.deps.psp();
    const r = await sendCharge(psp, before, this.deps.callbackUrl());
    this.deps.afterPspAnswer?.();
    const event: ChargeEvent = r.ok
      ? { type: 'pspAnswer', created: r.value }
      : r.kind === 'uncertain'
        ? { type: 'answerLost', reason: r.code }
        : { type: 'pspRefused', kind: r.kind, code: r.code, canQuery: psp.hasStatusQuery };
    const s = this.shell.step(id, event, 'psp');
    if (s?.effects.some((e) => e.type === 'resolveNow')) return this.query(id, false);
    return s?.record;
  }

  private async resolve(id: string): Promise<ChargeRecord | undefined> {
    const c = this.deps.ledger.charges.get(id);
    if (!c || c.status !== 'UNCERTAIN') return c;
    if (this.deps.psp().hasStatusQuery) return this.query(id, true);
    return this.retry(id);
  }

  /** Same external id: the PSP refuses a duplicate, so this cannot charge twice. */
  private async retry(id: string): Promise<ChargeRecord | undefined> {
    this.shell.step(id, { type: 'submit' }, 'retry');
    return this.send(id);
  }

  private async query(id: string, retryIfAbsent: boolean): Promise<ChargeRecord | undefined> {
    const c = this.deps.ledger.charges.get(id);
    if (!c) return undefined;
    const q = await this.deps.psp().transactionStatus(c.pspTransactionId ?? c.externalId);
    if (!q.ok) {
      if (q.kind === 'not_found' && retryIfAbsent) return this.retry(id); // never reached the PSP
      if (c.status === 'UNCERTAIN') this.scheduleResolve(id);
      return this.deps.ledger.charges.get(id);
    }
    const v = q.value;
    if (
      retryIfAbsent &&
      c.status === 'UNCERTAIN' &&
      !v.qrcode &&
      this.deps.settings().psp.idempotentCreate &&
      isPending(readPspStatus(v.status, this.deps.settings().psp.statusMap))
    ) {
      // Found, pending, but the query carries no QR: the PSP answers a repeated id with the
      // same charge (VeoPag's 200 `idempotent: true`), so asking again brings the QR back.
      return this.retry(id);
    }
    return this.shell.step(
      id,
      {
        type: 'queryStatus',
        raw: v.status,
        ...(v.transactionId && { transactionId: v.transactionId }),
        ...(v.qrcode && { qrcode: v.qrcode }),
        ...(v.amountCents !== undefined && { amountCents: v.amountCents }),
        ...(v.amountAtLocation && { amountAtLocation: true }),
        ...(v.dueCents !== undefined && { dueCents: v.dueCents }),
      },
      'status-query',
    )?.record;
  }

  private scheduleResolve(id: string): void {
    this.retries.schedule(
      id,
      () =>
        void this.lock
          .run(id, () => this.resolve(id))
          .catch((e: unknown) =>
            this.logger.error('resolve failed', { chargeId: id, error: String(e) }),
          ),
      () =>
        void this.shell.step(
          id,
          { type: 'resolveGaveUp', canQuery: this.deps.psp().hasStatusQuery },
          'resolver',
        ),
    );
  }

  /**
   * No status query: the cashier hears within the deadline, not after every retry ran (a retry
   * that times out takes the whole request timeout). Not under the lock: a retry in flight
   * holds it, and the decision defers the retirement until that retry's answer.
   */
  private startDeadline(id: string): void {
    if (this.deps.psp().hasStatusQuery) return;
    const retire = () =>
      void this.shell.step(id, { type: 'resolveGaveUp', canQuery: false }, 'resolver');
    this.deadlines.schedule(id, retire, retire);
  }

  private notFound() {
    return err('not_found', 'CHARGE_NOT_FOUND');
  }
}

const isPending = (r: ReturnType<typeof readPspStatus>) => r.known && r.outcome === 'PENDING';
