import { isTerminal } from '../../../shared/domain/charge-state';
import { readPspStatus, type PspOutcome } from '../../../shared/domain/psp-status';
import type { ChargeService } from '../charges/charge-service';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { Ledger } from '../ledger/ledger';
import { silentLogger, type Logger } from '../log';
import type { QueryPriority, StatusQueryGate } from '../psp/status-query-gate';

export interface ReconcilerDeps {
  ledger: Ledger;
  charges: ChargeService;
  gate: StatusQueryGate;
  hasQuery: () => boolean;
  /** The PSP's status vocabulary (settings `psp.statusMap`). */
  statusMap?: () => Readonly<Record<string, PspOutcome>>;
  now?: () => number;
  /** Delays between questions about one charge while it stays non-final. */
  backoffMs?: number[];
  /**
   * The callback stream is up: a pending charge's news comes by callback, so it is polled only
   * as a safety net (first after 15 s, then 30 and 60 s), leaving the budget to doubt.
   */
  streamUp?: () => boolean;
  /** The safety net's delays for this PSP kind (default SAFETY_NET_BACKOFF). */
  safetyNetMs?: () => readonly number[] | undefined;
  /**
   * A counter sweep covers every charge pending at the counter (the API Pix: received-pix.ts):
   * their own questions (hints, the safety net) go at `routine` priority, so that a burst of them
   * never takes the slots the sweep's steady pace needs (a sliding minute spent in its first
   * 20 s left the sweep nothing for the other 40: p99 49 s in the cob-lag bench).
   */
  counterSweep?: () => boolean;
  /** How long a charge canceled or expired here is still asked about (a late payment). */
  payableWindowMs?: number;
  logger?: Logger;
}

const DEFAULT_BACKOFF = [2_000, 4_000, 8_000, 15_000, 30_000, 60_000];
/**
 * A pending charge while callbacks flow. Measured in the chaos run (2 sales a second): polling
 * each new pending charge at once and at 2, 4, 8 s spent the minute's budget, and uncertain
 * creates waited up to 16 s for a slot.
 */
const SAFETY_NET_BACKOFF = [15_000, 30_000, 60_000];
/**
 * The API Pix: a webhook may come late (issue 33: 15 s) while the bank already has the payment.
 * The counter sweep (received-pix.ts: `GET /pix` every 2 s, one call for every pending charge)
 * finds it; a per-charge look at 3 s (one query per sale, from the same budget) starved it
 * when several sales were pending, so the per-charge net starts at 15 s as for the family.
 */
export const API_PIX_SAFETY_NET = [15_000, 30_000, 60_000];
/**
 * A charge sent to a payer elsewhere (a life over an hour: hours to days) is paid when the payer
 * gets to it: after the usual steps it is asked about every 5, then 15 minutes — about 4 questions
 * an hour, so a hundred of them cost some 7 of a 60-per-minute budget (docs/remote-charges.md).
 */
const WAITING_TAIL = [300_000, 900_000];
const WAITING_LIFE_MS = 3_600_000;
const DAY = 86_400_000;

interface Plan {
  dueAt: number;
  round: number;
  /** A callback or the cashier asked for it: goes before the others. */
  hinted: boolean;
  /** The PSP gave a final answer for a charge we had closed here: stop asking. */
  done?: boolean;
  lastAskedAt?: number;
  /** A question about this charge is on its way (a hint now must not be lost). */
  askingSince?: number;
  /** When the PSP's last answer came: one after a `hintAll` satisfies it. */
  answeredAt?: number;
  /** The last scan that found this charge still owed an answer (older: the plan is dropped). */
  seen?: number;
}

/** Hints about one charge closer together than this are one question (a flood costs little). */
const HINT_GAP_MS = 1_000;

/**
 * Reconciliation: every charge that is not final — pending, uncertain, or canceled/expired here
 * but still payable at the PSP — is asked about by the status query, newest first (hinted
 * ones before), within the shared budget, with backoff, until the PSP's answer is final.
 * A pass stops as soon as the budget is spent: the next tick continues, never over the limit.
 */
export class Reconciler {
  private readonly plans = new Map<string, Plan>();
  private readonly now: () => number;
  private readonly logger: Logger;
  private running: Promise<number> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = 0;
  /**
   * The last `hintAll`: every charge not answered since is due from then. One stamp, not a plan
   * per open charge: a stream dropped every second with 25,000 charges open made 25,000 plans
   * and read every charge twice per drop (issue 35: +86 to +193 MiB in a minute of drops).
   */
  private allDueAt = -Infinity;
  private scans = 0;

  constructor(private readonly deps: ReconcilerDeps) {
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? silentLogger;
  }

  /** A callback (confirm-by-query) named this charge: ask about it first, once. */
  hint(chargeId: string): void {
    const p = this.plans.get(chargeId);
    const last = p?.askingSince ?? p?.lastAskedAt;
    const dueAt = Math.max(this.now(), (last ?? -Infinity) + HINT_GAP_MS);
    // Already due for a hint and nothing in flight: this one adds nothing (coalesced).
    if (p && p.hinted && p.askingSince === undefined && p.dueAt <= dueAt) return;
    this.plans.set(chargeId, {
      dueAt,
      round: p?.round ?? 0,
      hinted: true,
      ...(last !== undefined && { lastAskedAt: last }),
    });
    this.wakeAt(dueAt);
  }

  /** Runs a pass at `at` (now when due); one timer, for the earliest wake-up asked for. */
  private wakeAt(at: number): void {
    const wait = at - this.now();
    if (wait <= 0) return void this.run();
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, wait);
    this.timer.unref?.();
  }

  /** Charges with a plan (asked about, or marked done within the payable window). */
  plannedCount(): number {
    return this.plans.size;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * The callback stream was lost: callbacks may have been missed, so ask about all soon (those
   * not asked yet, a pending one waiting for the safety net's first step, too; not those the
   * PSP gave a final answer). The passes take them within the budget, most urgent first.
   */
  hintAll(): void {
    this.allDueAt = this.now();
    void this.run();
  }

  /** One reconciliation pass (coalesced: a call during a pass makes one more pass). */
  run(): Promise<number> {
    if (!this.deps.hasQuery()) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let asked = 0;
      try {
        do {
          this.again = false;
          asked += await this.pass();
        } while (this.again);
      } catch (e) {
        this.logger.error('reconciliation failed', { error: String(e) });
      } finally {
        this.running = null;
      }
      return asked;
    })();
    return this.running;
  }

  /** Charges still owed an answer, hinted first, then newest first (every one: for tests). */
  candidates(): ChargeRecord[] {
    const all: ChargeRecord[] = [];
    this.scan((c) => void all.push(c));
    const order = this.order(this.now());
    return all.sort(order);
  }

  /**
   * The first `max` charges due now, in the order `candidates` gives, and whether more were due.
   * The ledger's rows are read one at a time and only these are kept: a pass holds at most
   * `max` records across its questions, not every open charge (issue 35: arrays of every open
   * charge, read at each pass and each drop, left V8's 256 KiB pages resident after collection).
   */
  private due(max: number): { list: ChargeRecord[]; more: boolean } {
    const at = this.now();
    const order = this.order(at);
    // The safety net's first step, read before the rows (`scan`'s visit must not read settings).
    const firstStep = this.deps.streamUp?.() ? this.safetyNetDelays()[0]! : undefined;
    const list: ChargeRecord[] = [];
    let more = false;
    this.scan((c) => {
      if (this.dueAt(c, at, firstStep) > at) return;
      if (list.length === max) {
        more = true;
        if (order(c, list[max - 1]!) >= 0) return;
        list.pop();
      }
      // Binary search for its place (after equals: the scan's own order breaks ties).
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (order(c, list[mid]!) < 0) hi = mid;
        else lo = mid + 1;
      }
      list.splice(lo, 0, c);
    });
    return { list, more };
  }

  /** Most urgent first: by priority, hinted before the others, then newest first. */
  private order(at: number): (a: ChargeRecord, b: ChargeRecord) => number {
    const hinted = (c: ChargeRecord) => (this.plans.get(c.id)?.hinted ? 1 : 0);
    const sweep = !!this.deps.counterSweep?.();
    const rank = (c: ChargeRecord) =>
      ({ doubt: 2, counter: 1, routine: 0 })[this.priority(c, at, sweep)];
    return (a, b) => rank(b) - rank(a) || hinted(b) - hinted(a) || b.createdAt - a.createdAt;
  }

  /**
   * Visits each charge still owed an answer — pending or uncertain, or closed here and still
   * payable without a final answer — one at a time (`visit` must not use the ledger). Forgets
   * the plans of charges that are settled (a callback made them final), and the `done` marks of
   * charges past the payable window (kept forever, they grew with every such charge).
   */
  private scan(visit: (c: ChargeRecord) => void): void {
    const at = this.now();
    const scan = ++this.scans;
    const keep = (id: string) => {
      const p = this.plans.get(id);
      if (p) p.seen = scan;
      return p;
    };
    this.deps.ledger.charges.eachOpen((c) => {
      if (c.status !== 'PENDING' && c.status !== 'UNCERTAIN') return;
      keep(c.id);
      visit(c);
    });
    this.deps.ledger.charges.eachClosedHereSince(at - (this.deps.payableWindowMs ?? DAY), (c) => {
      const payable =
        (c.status === 'CANCELED' || c.status === 'EXPIRED') &&
        (c.flags.includes('LOCAL_CANCEL') || c.flags.includes('LOCAL_EXPIRY')) &&
        !c.flags.includes('LATE_PAYMENT');
      if (payable && !keep(c.id)?.done) visit(c);
    });
    for (const [id, p] of this.plans) if (p.seen !== scan) this.plans.delete(id);
  }

  /**
   * When this charge is next asked about: its plan's step, or at once after a `hintAll`. Without
   * a plan, at once, or (a pending charge on a live stream: `firstStep`) not before the safety
   * net's first step.
   */
  private dueAt(c: ChargeRecord, at: number, firstStep: number | undefined): number {
    const plan = this.plans.get(c.id);
    if (plan?.done) return Infinity;
    const net = !this.deps.backoffMs && c.status === 'PENDING' && firstStep !== undefined;
    const own = plan ? plan.dueAt : net ? Math.max(at, c.createdAt + firstStep) : at;
    if ((plan?.answeredAt ?? -Infinity) >= this.allDueAt) return own;
    return Math.min(own, this.allDueAt);
  }

  /**
   * An uncertain charge has a cashier waiting for its QR: asked first. A pending one not yet
   * expired may have a customer paying: next. Charges closed here (and hints about them, forged
   * ones too) are routine.
   */
  private priority(
    c: ChargeRecord,
    at: number,
    sweep = !!this.deps.counterSweep?.(),
  ): QueryPriority {
    if (c.status === 'UNCERTAIN') return 'doubt';
    const atCounter = c.status === 'PENDING' && at < c.expiresAt;
    return atCounter && !sweep ? 'counter' : 'routine';
  }

  private async pass(): Promise<number> {
    let asked = 0;
    // No pass asks more than a minute's budget: take that many of the due charges (the next
    // pass, when this one asked them all, takes the rest).
    const { list, more } = this.due(Math.max(1, this.deps.gate.budget.limit()));
    for (const c of list) {
      const plan = this.plans.get(c.id) ?? { dueAt: this.now(), round: 0, hinted: false };
      const priority = this.priority(c, this.now());
      if (this.deps.gate.available(priority) < 1) {
        // Spent: a hinted, uncertain or pending charge is asked about as soon as a slot frees, the
        // rest next tick (they come first, so nothing after this one may go either).
        if (plan.hinted || priority !== 'routine') this.wakeAt(this.deps.gate.nextAt(priority));
        break;
      }
      asked++;
      await this.askOne(c, plan, priority);
    }
    if (more && asked === list.length) this.again = true;
    return asked;
  }

  private safetyNetDelays(): readonly number[] {
    return this.deps.safetyNetMs?.() ?? SAFETY_NET_BACKOFF;
  }

  private safetyNet(c: ChargeRecord): boolean {
    return !this.deps.backoffMs && c.status === 'PENDING' && !!this.deps.streamUp?.();
  }

  private async askOne(c: ChargeRecord, plan: Plan, priority: QueryPriority): Promise<void> {
    const { charges, gate } = this.deps;
    const askedAt = this.now();
    plan.askingSince = askedAt;
    this.plans.set(c.id, plan);
    let final = false;
    if (c.status === 'UNCERTAIN') {
      // The charge service resolves it (query, or a same-id retry when the PSP never saw it).
      const r = await charges.recheck(c.id);
      final = r.ok && r.value.status !== 'UNCERTAIN' && r.value.status !== 'PENDING';
    } else {
      const q = await gate.ask(c.pspTransactionId ?? c.externalId, 0, priority);
      const reading = q.ok ? readPspStatus(q.value.status, this.deps.statusMap?.()) : undefined;
      const still = c.status === 'PENDING' && reading?.known && reading.outcome === 'PENDING';
      // Still pending at the PSP: nothing to write or tell the screens.
      if (q.ok && !still) {
        const outcome = charges.applyStatus([c.id], q.value.status, 'reconciliation', {
          ...(q.value.amountCents !== undefined && { amountCents: q.value.amountCents }),
          ...(q.value.feeCents !== undefined && { feeCents: q.value.feeCents }),
        });
        const fresh = this.deps.ledger.charges.get(c.id);
        final =
          !!fresh &&
          (c.status === 'PENDING'
            ? isTerminal(fresh.status)
            : outcome !== 'noop' && outcome !== 'unknown-status' && outcome !== 'bad-amount');
      }
    }
    if (final) {
      this.plans.set(c.id, {
        dueAt: Infinity,
        round: plan.round,
        hinted: false,
        done: true,
        lastAskedAt: askedAt,
        answeredAt: this.now(),
      });
      return;
    }
    const base = this.safetyNet(c)
      ? this.safetyNetDelays()
      : (this.deps.backoffMs ?? DEFAULT_BACKOFF);
    const backoff = c.expiresAt - c.createdAt > WAITING_LIFE_MS ? [...base, ...WAITING_TAIL] : base;
    const current = this.plans.get(c.id);
    // A hint that arrived while we were asking stays due; otherwise back off.
    const hintedMeanwhile = current?.hinted && current.dueAt >= askedAt && current !== plan;
    this.plans.set(c.id, {
      dueAt: hintedMeanwhile
        ? Math.max(current.dueAt, askedAt + HINT_GAP_MS)
        : this.now() + backoff[Math.min(plan.round, backoff.length - 1)]!,
      round: plan.round + 1,
      hinted: !!hintedMeanwhile,
      lastAskedAt: askedAt,
      answeredAt: this.now(),
    });
  }
}
