import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../../../shared/result';
import { mayCharge } from '../../../shared/domain/station';
import type { AppSettings } from '../../../shared/settings';
import type { ChargeView } from '../../../shared/views';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { Ledger } from '../ledger/ledger';
import { silentLogger, type Logger } from '../log';
import { MAX_REQUEST_BYTES, parseIntPos, statusFile, type Fields } from './intpos';
import { PdvRepo } from './pdv-repo';
import { markRefundDue } from './refund-mark';
import {
  isFinalCharge,
  onCharge,
  onCreateFailed,
  onRequest,
  onTick,
  onUnreadable,
  saleReference,
  type Context,
  type Effect,
  type Exchange,
  type RefundReason,
} from './tef-decide';

/** The charge service as the exchange uses it. */
export interface PdvCharges {
  create(
    input: {
      amountCents: number;
      description: string;
      payer: { name: string; document: string; email?: string; phone?: string };
    },
    requestId: string,
  ): Promise<Result<ChargeView>>;
  current(): ChargeView | null;
  record(id: string): ChargeRecord | undefined;
  list(filter: { from?: number }): ChargeView[];
}

export interface PdvFolders {
  req: string;
  resp: string;
}

export interface TefExchangeDeps {
  ledger: Ledger;
  charges: PdvCharges;
  settings: () => AppSettings;
  folders: () => PdvFolders;
  /** Settings → Integração com o PDV: the exchange runs only while on. */
  enabled: () => boolean;
  now?: () => number;
  logger?: Logger;
  /** Who rang a charge (issue 36): the receipt lines name her. */
  operatorOf?: (chargeId: string) => string | undefined;
  /** A charge was created for the PDV: the Caixa shows it. */
  onSale?: (charge: ChargeView, reference: string) => void;
  /**
   * A sale needs a payer the PDV did not send and no `Pagador padrão` is set: the Caixa comes
   * forward with the amount and the sale's reference, and the cashier types the payer (issue 34).
   */
  onPayerNeeded?: (amountCents: number, reference: string) => void;
  /** How long the cashier has to type that payer before the PDV is answered in words. */
  payerWaitMs?: number;
  /** A paid sale's money is due back to the payer. */
  onRefundDue?: (e: Exchange, reason: RefundReason) => void;
  /** How often `req` is read (GP §2.5 asks PDVs for at most 4 reads a second; 200 ms here). */
  pollMs?: number;
  /** A request file that stays unreadable this long is answered as broken. */
  settleMs?: number;
  /** Crash-test seam: after an approval was committed, before its answer file is written. */
  beforeApprovedAnswer?: () => void;
  /** An approved sale not confirmed after this is settled as undone (docs: assumptions). */
  confirmMs?: () => number;
}

export type PdvStatus =
  | { state: 'off' }
  | { state: 'watching'; req: string; resp: string }
  | { state: 'error'; req: string; resp: string; code: 'PDV_FOLDER_UNWRITABLE'; detail: string };

const RECENT_MS = 24 * 3_600_000;
/**
 * The cashier's time to type a payer the PDV did not send. GP §4.1 sets no limit on the answer
 * once the `.sts` is written; this bound (an assumption: a customer at the counter) keeps the PDV
 * from waiting on a sale nobody finishes (docs/pdv-integration.md).
 */
export const PAYER_WAIT_MS = 3 * 60_000;
const REQUEST = 'intpos.001';
/**
 * The answer files' names follow the letter case of the PDV's request: GP and MPX write
 * `IntPos.*`, ACBr's defaults are `intpos.*` and, on a case-sensitive file system (Linux),
 * ACBr looks only for `intpos.sts` (docs/pdv-integration.md, "File-name case"). Kept in the
 * ledger so an answer written after a restart uses the same names.
 */
const LOWER_NAMES = 'pdv.lowerCaseNames';
const responseNames = (lower: boolean) =>
  lower ? { sts: 'intpos.sts', answer: 'intpos.001' } : { sts: 'IntPos.Sts', answer: 'IntPos.001' };

/**
 * The TEF Dial exchange's shell: reads `req/IntPos.001`, runs the pure decisions of
 * tef-decide.ts, saves their records in the ledger, then writes `resp/IntPos.Sts` and
 * `resp/IntPos.001` atomically (temporary file + rename). A request is deleted only after its
 * decision was committed, and a same request read again is never processed twice.
 */
export class TefExchange {
  private readonly repo: PdvRepo;
  private readonly now: () => number;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  private unreadable: { key: string; since: number } | null = null;
  private current: PdvStatus = { state: 'off' };

  constructor(private readonly deps: TefExchangeDeps) {
    this.repo = new PdvRepo(deps.ledger.db);
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? silentLogger;
  }

  status(): PdvStatus {
    return this.current;
  }

  latest(limit = 50): Exchange[] {
    return this.repo.latest(limit);
  }

  /** Recovery (answers not written, sales whose charge ended meanwhile), then the watch. */
  async start(): Promise<void> {
    this.recover();
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? 200);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const t of this.payerTimers) clearTimeout(t);
    this.payerTimers.clear();
    this.current = { state: 'off' };
    await this.running;
    await this.idle();
  }

  /** Every charge creation started here has settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Every `charges:updated`: a sale's charge ended (or a late payment landed). */
  onChargeUpdate(view: ChargeView): void {
    this.adoptTyped(view);
    for (const e of this.repo.byCharge(view.id)) this.chargeChanged(e);
  }

  /** The cashier created the charge of a sale that awaited its payer: the sale follows it. */
  private adoptTyped(view: ChargeView) {
    if (!view.description || !this.awaitingPayer.has(view.description)) return;
    const id = this.awaitingPayer.get(view.description)!;
    const e = this.repo.get(id);
    this.awaitingPayer.delete(view.description);
    if (!e || e.state !== 'creating' || e.chargeId) return;
    this.repo.save({ ...e, state: 'waiting', chargeId: view.id, updatedAt: this.now() });
  }

  /** One pass: folders, answers not yet written, the request file, the confirmation bound. */
  poll(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    if (!this.deps.enabled()) {
      this.current = { state: 'off' };
      return;
    }
    const f = this.deps.folders();
    try {
      await mkdir(f.req, { recursive: true });
      await mkdir(f.resp, { recursive: true });
      await this.writePending(f);
      this.current = { state: 'watching', req: f.req, resp: f.resp };
    } catch (e) {
      this.folderError(f, e);
      return;
    }
    await this.readRequest(f).catch((e: unknown) => {
      this.logger.warn('pdv request failed', { error: String(e) });
    });
    // Each pass reads only the open exchanges (an index), never the day's history.
    this.apply(onTick(this.context(false), this.deps.confirmMs?.() ?? 10 * 60_000));
  }

  private folderError(f: PdvFolders, e: unknown) {
    const detail = (e as NodeJS.ErrnoException).code ?? String(e);
    if (this.current.state !== 'error')
      this.logger.warn('pdv folder unwritable', { req: f.req, resp: f.resp, detail });
    this.current = {
      state: 'error',
      req: f.req,
      resp: f.resp,
      code: 'PDV_FOLDER_UNWRITABLE',
      detail,
    };
  }

  private async readRequest(f: PdvFolders): Promise<void> {
    const name = (await readdir(f.req)).find((n) => n.toLowerCase() === REQUEST);
    if (!name) {
      this.unreadable = null;
      return;
    }
    const lower = name === REQUEST;
    if (lower !== (this.deps.ledger.kv.get<boolean>(LOWER_NAMES) ?? false))
      this.deps.ledger.kv.set(LOWER_NAMES, lower);
    const file = path.join(f.req, name);
    const info = await stat(file);
    const text =
      info.size > MAX_REQUEST_BYTES ? '' : await readFile(file, 'latin1').catch(() => null);
    if (text === null) return; // held by another program (an antivirus): next pass
    const parsed =
      info.size > MAX_REQUEST_BYTES
        ? ({ kind: 'malformed', fields: new Map(), line: 0 } as const)
        : parseIntPos(text);
    if (parsed.kind === 'complete') {
      this.unreadable = null;
      const command = parsed.fields.get('000-000') ?? '';
      const identifier = parsed.fields.get('001-000') ?? '';
      if (!command || !/^\d{1,10}$/.test(identifier)) {
        await this.settleUnreadable(
          file,
          info,
          parsed.fields,
          'ARQUIVO SEM COMANDO OU IDENTIFICACAO',
        );
        return;
      }
      const effects = onRequest(this.context(), { command, identifier, fields: parsed.fields });
      const files = this.apply(effects);
      await this.writeStatuses(f, effects);
      await unlink(file).catch(() => undefined);
      await files(f);
      this.logger.info('pdv request', { command, identifier });
      return;
    }
    // Maybe still being written by a PDV that does not rename: wait until it stops changing.
    const problem =
      parsed.kind === 'truncated'
        ? 'ARQUIVO INCOMPLETO (SEM 999-999)'
        : `ARQUIVO INVALIDO (LINHA ${parsed.line})`;
    await this.settleUnreadable(file, info, parsed.fields, problem);
  }

  private async settleUnreadable(
    file: string,
    info: { size: number; mtimeMs: number },
    fields: Fields,
    problem: string,
  ) {
    const key = `${info.size}:${info.mtimeMs}`;
    const at = this.now();
    if (this.unreadable?.key !== key) {
      this.unreadable = { key, since: at };
      return;
    }
    if (at - this.unreadable.since < (this.deps.settleMs ?? 1000)) return;
    this.unreadable = null;
    const effects = onUnreadable(this.context(), fields, problem);
    const files = this.apply(effects);
    const f = this.deps.folders();
    await this.writeStatuses(f, effects);
    await unlink(file).catch(() => undefined);
    await files(f);
    this.logger.warn('pdv request unreadable', { problem });
  }

  /** What a decision needs to know, read now. */
  private context(withHistory = true): Context {
    const s = this.deps.settings();
    const at = this.now();
    const recent = withHistory ? this.repo.recent(at - RECENT_MS) : this.repo.open();
    const mine = new Set(recent.map((e) => e.chargeId).filter(Boolean));
    const onScreen = withHistory ? this.deps.charges.current() : null;
    return {
      at,
      recent,
      maxAmountCents: s.psp.maxAmountCents,
      cashierBusy: onScreen !== null && !mine.has(onScreen.id),
      nextNsu: String((this.deps.ledger.kv.get<number>('pdv.nsu') ?? 0) + 1).padStart(9, '0'),
      newId: randomUUID,
      shopName: s.shopName,
      terminalName: s.terminalName,
      ...(this.deps.operatorOf && { operatorOf: this.deps.operatorOf }),
    };
  }

  /**
   * Saves the decision's records in one transaction and starts its charge creations; returns
   * the answer writes, run once the status is out and the request deleted.
   */
  private apply(effects: Effect[]): (f: PdvFolders) => Promise<void> {
    this.deps.ledger.tx(() => {
      for (const e of effects) {
        if (e.type === 'save') this.repo.save(e.exchange);
        if (e.type === 'nsuUsed')
          this.deps.ledger.kv.set('pdv.nsu', (this.deps.ledger.kv.get<number>('pdv.nsu') ?? 0) + 1);
      }
    });
    for (const e of effects) {
      if (e.type === 'refundDue') {
        this.logger.warn('pdv refund due', { exchange: e.exchange.id, reason: e.reason });
        if (e.exchange.chargeId)
          markRefundDue(this.deps.ledger, e.exchange.chargeId, e.reason, this.now());
        this.deps.onRefundDue?.(e.exchange, e.reason);
      }
      if (e.type === 'createCharge')
        this.track(this.createCharge(e.exchange, e.amountCents, e.description));
    }
    const answers = effects.flatMap((e) => (e.type === 'answer' ? [e.exchange] : []));
    return async (f) => {
      for (const a of answers) await this.writeAnswer(f, a);
    };
  }

  private track(p: Promise<unknown>) {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async writeStatuses(f: PdvFolders, effects: Effect[]) {
    for (const e of effects)
      if (e.type === 'status')
        await this.atomicWrite(f.resp, this.names().sts, statusFile(e.command, e.identifier)).catch(
          (err: unknown) => this.folderError(f, err),
        );
  }

  private async createCharge(e: Exchange, amountCents: number, description: string) {
    const s = this.deps.settings();
    // An owner-only PC: the PDV is answered "not approved" at once, never handed to a Caixa.
    const may = mayCharge(s);
    if (!may.ok) return this.decideAndWrite(onCreateFailed(this.context(), e, may.code));
    const p = s.defaultPayer;
    const r = p
      ? await this.deps.charges.create(
          {
            amountCents,
            description,
            payer: {
              name: p.name,
              document: p.document,
              ...(s.psp.chargeOperation === 'deposit' && { email: p.email, phone: p.phone }),
            },
          },
          `pdv-${e.id}`,
        )
      : null;
    if (r === null) return this.awaitPayer(e, amountCents, description);
    if (!r.ok) {
      await this.decideAndWrite(onCreateFailed(this.context(), e, r.code));
      return;
    }
    this.repo.save({ ...e, state: 'waiting', chargeId: r.value.id, updatedAt: this.now() });
    this.deps.onSale?.(r.value, description);
    // It may have ended before it was linked here (a failed QR, an instant payment).
    this.chargeChanged(this.repo.get(e.id)!);
  }

  /** Sales waiting for the cashier to type their payer, by reference (the charge's description). */
  private readonly awaitingPayer = new Map<string, string>();

  /** Not awaited (a stop does not wait on the cashier): a restart brings the sale forward again. */
  private readonly payerTimers = new Set<ReturnType<typeof setTimeout>>();

  private awaitPayer(e: Exchange, amountCents: number, description: string) {
    this.awaitingPayer.set(description, e.id);
    this.deps.onPayerNeeded?.(amountCents, description.replace(/^PDV /, ''));
    const timer = setTimeout(() => {
      this.payerTimers.delete(timer);
      const now = this.repo.get(e.id);
      if (this.awaitingPayer.get(description) !== e.id || !now || now.chargeId) return;
      this.awaitingPayer.delete(description);
      this.track(this.decideAndWrite(onCreateFailed(this.context(), now, 'PAYER_NOT_TYPED')));
    }, this.deps.payerWaitMs ?? PAYER_WAIT_MS);
    this.payerTimers.add(timer);
  }

  private chargeChanged(e: Exchange) {
    if (!e.chargeId) return;
    const c = this.deps.charges.record(e.chargeId);
    if (!c || (!isFinalCharge(c.status) && e.state !== 'creating')) return;
    const effects = onCharge(this.context(), e, {
      id: c.id,
      status: c.status,
      amountCents: c.amountCents,
      externalId: c.externalId,
      ...(c.pspTransactionId && { pspTransactionId: c.pspTransactionId }),
      flags: c.flags,
      updatedAt: c.updatedAt,
      ...(c.demo && { demo: true }),
    });
    if (effects.length) this.track(this.decideAndWrite(effects));
  }

  private async decideAndWrite(effects: Effect[]) {
    const files = this.apply(effects);
    const f = this.deps.folders();
    await files(f).catch((err: unknown) => this.folderError(f, err));
  }

  /** Start-up: link charges created just before a crash, and settle sales that ended meanwhile. */
  private recover() {
    for (const e of this.repo.recent(this.now() - RECENT_MS)) {
      if (e.command !== 'CRT') continue;
      if (e.state === 'creating' && !e.chargeId) {
        const c = this.deps.charges
          .list({ from: e.createdAt - 1000 })
          .find((v) => v.description === saleReference(e));
        if (c) {
          this.repo.save({ ...e, state: 'waiting', chargeId: c.id, updatedAt: this.now() });
          this.chargeChanged(this.repo.get(e.id)!);
        } else {
          // The charge never reached the ledger: nothing was charged, create it now.
          this.track(this.createCharge(e, e.amountCents!, saleReference(e)));
        }
      } else if (e.state === 'waiting') this.chargeChanged(e);
    }
  }

  /** Answers decided but not yet in `resp` (a crash, a read-only folder): written now. */
  private async writePending(f: PdvFolders) {
    for (const e of this.repo.pendingAnswers()) await this.writeAnswer(f, e, true);
  }

  private async writeAnswer(f: PdvFolders, e: Exchange, rethrow = false) {
    if (e.state === 'answered' && !e.answerWritten) this.deps.beforeApprovedAnswer?.();
    try {
      await this.atomicWrite(f.resp, this.names().answer, e.answer!);
    } catch (err) {
      if (rethrow) throw err;
      this.folderError(f, err);
      return;
    }
    const latest = this.repo.get(e.id);
    if (latest && !latest.answerWritten) this.repo.save({ ...latest, answerWritten: true });
  }

  private names() {
    return responseNames(this.deps.ledger.kv.get<boolean>(LOWER_NAMES) ?? false);
  }

  /** Temporary file in the same folder, then rename: the PDV never reads half a file. */
  private async atomicWrite(dir: string, name: string, text: string) {
    const tmp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(tmp, text, { encoding: 'latin1', flush: true });
    try {
      await rename(tmp, path.join(dir, name));
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
  }
}
