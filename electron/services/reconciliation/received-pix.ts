import { isReceived } from '../../../shared/domain/day-closing';
import type { PspCheck } from '../../../shared/psp-check';
import { err, ok, type Result } from '../../../shared/result';
import type { ApplyOutcome } from '../charges/charge-shell';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { Ledger } from '../ledger/ledger';
import { paidBetween } from '../ledger/paid-times';
import { silentLogger, type Logger } from '../log';
import type { ReceivedPix } from '../psp/api-pix/client';
import type { QueryBudget } from '../psp/status-query-gate';

/** One page of `GET /pix` (the API Pix client's `receivedPix`). */
export interface ReceivedPixSource {
  receivedPix(
    inicio: Date,
    fim: Date,
    page: number,
  ): Promise<Result<{ pix: ReceivedPix[]; pages: number }>>;
}

export interface ReceivedPixDeps {
  ledger: Ledger;
  /** The charge decision a status answer goes through (amount and late-payment rules apply). */
  applyStatus: (
    ids: string[],
    raw: string,
    source: string,
    extra: { amountCents?: number },
  ) => ApplyOutcome;
  /** Null unless the PSP kind is the API Pix. */
  psp: () => ReceivedPixSource | null;
  /** The shared request budget; each page takes one slot, routine ones leave `reserve` free. */
  budget: QueryBudget;
  reserve: () => number;
  /** Our txid for a charge's external id (api-pix/client.ts txidFor). */
  txidOf: (externalId: string) => string;
  everyMs: () => number;
  /**
   * The counter sweep's reserve: the slots of the minute it leaves to others (a cashier in doubt
   * first). Absent: no sweep.
   */
  sweepReserve?: () => number;
  /** How often the counter sweep reads the list while a charge is pending at the counter. */
  sweepEveryMs?: number;
  now?: () => number;
  logger?: Logger;
}

const PAGES_MAX = 50;
/**
 * The counter sweep (issue 33): while a charge is pending at the counter, `GET /pix` of the last
 * minutes is read every 2 s. One call covers every pending charge, so its cost does not grow
 * with the sales at once (30 a minute at most), and a PIX listed there is settled (bacen/pix-api
 * #81), whatever a lagging `GET /cob` says (#321) or however late the webhook comes: pay ->
 * `Pago` within about 2 s plus one round trip.
 */
export const COUNTER_SWEEP_MS = 2_000;
/** The share of the minute's budget the sweep leaves to others (a cashier in doubt). */
export const SWEEP_RESERVE = 0.1;
/** A charge is "at the counter" this long after its creation (a payer in front of the QR). */
const COUNTER_WINDOW_MS = 10 * 60_000;
/** The PSP's clock and ours may differ: the list's window is this much wider each side. */
const SKEW_MS = 5 * 60_000;
/** Pages of one sweep at most (100 PIX each): a counter's last minutes fit in one. */
const SWEEP_PAGES_MAX = 3;

/**
 * Reconciliation by the received-PIX list: the day's `GET /pix` (paged, within the budget)
 * finds payments whose charge the app still shows unpaid and applies them as a status answer
 * would; "Conferir com o PSP" compares the day's received total with the PSP's list.
 */
export class ReceivedPixReconciler {
  private readonly now: () => number;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Result<{ applied: number }>> | null = null;

  constructor(private readonly deps: ReceivedPixDeps) {
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? silentLogger;
  }

  /** Every `everyMs` (re-read at each round: a settings change takes effect at the next). */
  start(): void {
    const loop = () => {
      const every = this.deps.everyMs();
      this.timer = setTimeout(
        () => {
          void (every > 0 && this.deps.psp() ? this.run() : Promise.resolve()).finally(loop);
        },
        every > 0 ? every : 60_000,
      );
      this.timer.unref?.();
    };
    loop();
    this.startSweep();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | null = null;

  /** The counter sweep's loop (only when `sweepReserve` is given). */
  private startSweep(): void {
    if (!this.deps.sweepReserve) return;
    const loop = () => {
      this.sweepTimer = setTimeout(() => {
        void this.sweep().finally(() => {
          if (this.sweepTimer) loop();
        });
      }, this.deps.sweepEveryMs ?? COUNTER_SWEEP_MS);
      this.sweepTimer.unref?.();
    };
    loop();
  }

  /**
   * One counter sweep: the received-PIX list since the oldest charge pending at the counter,
   * applied to those charges only (their sum against their amount, as a status answer is).
   * Nothing pending, no PSP, or no slot left above the reserve: no call. Charges applied.
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    if (!this.deps.psp()) return 0; // not the API Pix, or DEMO: nothing to read
    const at = this.now();
    const pending = this.deps.ledger.charges
      .open()
      .filter(
        (c) =>
          c.status === 'PENDING' &&
          !c.demo &&
          at < c.expiresAt &&
          at - c.createdAt < COUNTER_WINDOW_MS,
      );
    if (pending.length === 0) return 0;
    const from = Math.min(...pending.map((c) => c.createdAt)) - SKEW_MS;
    const reserve = this.deps.sweepReserve?.() ?? this.deps.reserve();
    const list = await this.list(from, at + SKEW_MS, reserve, SWEEP_PAGES_MAX);
    if (!list.ok) return 0;
    const byTxid = new Map(
      pending.map((c) => [c.pspTransactionId ?? this.deps.txidOf(c.externalId), c] as const),
    );
    return this.apply(list.value, from, byTxid);
  }

  /** One pass over today's list (from local midnight to now); coalesced. */
  run(): Promise<Result<{ applied: number }>> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<Result<{ applied: number }>> {
    const at = new Date(this.now());
    const from = new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
    const list = await this.list(from, at.getTime(), this.deps.reserve());
    if (!list.ok) {
      this.logger.info('received-pix list not read', { code: list.code });
      return list;
    }
    return ok({ applied: this.apply(list.value, from) });
  }

  /** Payments of our charges the ledger does not show as received: applied as "paid". */
  private apply(pix: ReceivedPix[], since: number, scope?: Map<string, ChargeRecord>): number {
    const byTxid = scope ?? this.chargesByTxid(since);
    const paid = new Map<string, { cents: number; e2e: string }>();
    for (const p of pix) {
      if (!p.txid) continue; // a static QR or a transfer: no charge of ours
      const seen = paid.get(p.txid);
      paid.set(p.txid, { cents: (seen?.cents ?? 0) + p.cents, e2e: seen?.e2e ?? p.endToEndId });
    }
    let applied = 0;
    for (const [txid, { cents, e2e }] of paid) {
      // The sweep reads only the charges it was given; the day's pass any charge of ours.
      const c =
        byTxid.get(txid) ?? (scope ? undefined : this.deps.ledger.charges.findByAnyId([txid]));
      if (!c || c.demo) continue;
      if (!c.endToEndId) this.deps.ledger.charges.save({ ...c, endToEndId: e2e });
      if (isReceived(c) || c.status === 'REFUNDED') continue;
      const outcome = this.deps.applyStatus([c.id], 'PAID', 'received-pix', { amountCents: cents });
      if (outcome === 'applied' || outcome === 'late-payment') applied++;
      this.logger.info('payment found in the received-PIX list', { chargeId: c.id, outcome });
    }
    return applied;
  }

  /** Charges whose txid the PSP may name: by its answer, or derived (an uncertain create). */
  private chargesByTxid(since: number): Map<string, ChargeRecord> {
    const m = new Map<string, ChargeRecord>();
    const recent = this.deps.ledger.charges.list({ from: since - 86_400_000, limit: 5_000 });
    for (const c of [...recent, ...this.deps.ledger.charges.open()])
      m.set(c.pspTransactionId ?? this.deps.txidOf(c.externalId), c);
    return m;
  }

  /** Every page of `GET /pix` for [from, to), each page one slot of the budget. */
  private async list(
    from: number,
    to: number,
    reserve: number,
    pagesMax = PAGES_MAX,
  ): Promise<Result<ReceivedPix[]>> {
    const psp = this.deps.psp();
    if (!psp) return err('unavailable', 'RECEIVED_PIX_NOT_OFFERED');
    const out: ReceivedPix[] = [];
    for (let page = 0, pages = 1; page < pages && page < pagesMax; page++) {
      if (!this.deps.budget.tryTake(reserve))
        return err('rate_limited', 'STATUS_QUERY_BUDGET', {
          retryAfterMs: Math.max(0, this.deps.budget.nextAt(reserve) - this.now()),
        });
      const r = await psp.receivedPix(new Date(from), new Date(to - 1), page);
      if (!r.ok) {
        if (r.kind === 'rate_limited')
          this.deps.budget.pause(this.now() + (r.retryAfterMs ?? 60_000));
        return r;
      }
      out.push(...r.value.pix);
      pages = r.value.pages;
    }
    return ok(out);
  }

  /**
   * Conferir com o PSP: the day's PIX of our charges at the PSP against the ledger's received
   * charges of that day (live only). The owner is waiting: no reserve is kept.
   */
  async check(range: { from: number; to: number }): Promise<Result<PspCheck>> {
    const end = Math.min(range.to, this.now() + 1);
    const list = await this.list(range.from, end, 0);
    if (!list.ok) return list;
    this.apply(list.value, range.from);
    const byTxid = this.chargesByTxid(range.from);
    const atPsp = new Map<string, number>();
    let other = { count: 0, amountCents: 0 };
    for (const p of list.value) {
      const c = p.txid ? byTxid.get(p.txid) : undefined;
      if (!c) {
        other = { count: other.count + 1, amountCents: other.amountCents + p.cents };
        continue;
      }
      atPsp.set(c.id, (atPsp.get(c.id) ?? 0) + p.cents);
    }
    const ledger = this.deps.ledger.charges
      .list({ from: range.from - 86_400_000, to: range.to, limit: 5_000 })
      .filter((c) => !c.demo && isReceived(c));
    const paidAt = paidBetween(this.deps.ledger.db, range.from, range.to);
    const here = ledger.filter((c) => paidAt.has(c.id) || atPsp.has(c.id));
    const differences: PspCheck['differences'] = [];
    for (const c of here) {
      const psp = atPsp.get(c.id);
      if (psp === undefined)
        differences.push({ chargeId: c.id, ledgerCents: c.amountCents, pspCents: 0 });
      else if (psp !== c.amountCents)
        differences.push({ chargeId: c.id, ledgerCents: c.amountCents, pspCents: psp });
    }
    for (const [id, cents] of atPsp)
      if (!here.some((c) => c.id === id))
        differences.push({ chargeId: id, ledgerCents: 0, pspCents: cents });
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    return ok({
      matches: differences.length === 0,
      ledger: { count: here.length, amountCents: sum(here.map((c) => c.amountCents)) },
      psp: { count: atPsp.size, amountCents: sum([...atPsp.values()]) },
      differences,
      otherPix: other,
      checkedAt: this.now(),
    });
  }
}
