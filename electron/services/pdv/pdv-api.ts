import { randomUUID } from 'node:crypto';
import { checkPayer, type PayerInput } from '../../../shared/domain/payer';
import { PDV_REFERENCE } from '../../../shared/domain/pdv-reference';
import { err, ok, type Result } from '../../../shared/result';
import { mayCharge } from '../../../shared/domain/station';
import type { AppSettings } from '../../../shared/settings';
import type { ChargeView } from '../../../shared/views';
import { definedFields } from '../defined-fields';
import type { Ledger } from '../ledger/ledger';
import { PdvRepo } from './pdv-repo';
import { isFinalCharge, type Exchange } from './tef-decide';
import type { PdvCharges } from './tef-exchange';

/** What the local API answers about a sale (docs/pdv-api.openapi.yaml, `Sale`). */
export interface ApiSale {
  reference: string;
  status: string;
  paid: boolean;
  final: boolean;
  amountCents: number;
  description?: string;
  brcode?: string;
  chargeId: string;
  externalId: string;
  createdAt: number;
  updatedAt: number;
  /** Where and by whom it was rung (issue 36): the terminal's name; the operator when tagged. */
  terminal?: string;
  operator?: string;
}

export const REFERENCE = PDV_REFERENCE;
/** A reference names one sale for a day: after that the same text may start a new one. */
const SAME_REFERENCE_MS = 24 * 3_600_000;

export const toSale = (reference: string, c: ChargeView): ApiSale => ({
  reference,
  status: c.status,
  // Paid with another amount is not the sale's money (docs/pdv-integration.md): not paid.
  paid: c.status === 'PAID' && !c.flags.includes('AMOUNT_MISMATCH'),
  final: isFinalCharge(c.status),
  amountCents: c.amountCents,
  ...definedFields(c, ['description', 'brcode']),
  chargeId: c.id,
  externalId: c.externalId,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/**
 * The local API's sales, idempotent by the caller's reference: the same reference within a day
 * is the same sale (never a second charge), kept in the ledger's `pdv_exchanges` as `API` rows.
 */
export class PdvApi {
  private readonly repo: PdvRepo;
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly deps: {
      ledger: Ledger;
      charges: PdvCharges & {
        get(id: string): Result<ChargeView>;
        cancel(id: string, by?: string): Result<ChargeView>;
      };
      settings: () => AppSettings;
      now?: () => number;
      onSale?: (charge: ChargeView, reference: string) => void;
      /** Who rang a charge, in a shop with operators. */
      operatorOf?: (chargeId: string) => string | undefined;
    },
  ) {
    this.repo = new PdvRepo(deps.ledger.db);
  }

  /** The sale with the terminal's name and, when known, the operator who rang it. */
  private sale(reference: string, c: ChargeView): ApiSale {
    const operator = this.deps.operatorOf?.(c.id);
    return {
      ...toSale(reference, c),
      terminal: this.deps.settings().terminalName,
      ...(operator && { operator }),
    };
  }

  private now() {
    return (this.deps.now ?? Date.now)();
  }

  private find(reference: string): Exchange | undefined {
    return this.repo
      .recent(this.now() - SAME_REFERENCE_MS)
      .findLast((e) => e.command === 'API' && e.identifier === reference);
  }

  async create(i: {
    amountCents: number;
    reference: string;
    description?: string;
    /** This sale's payer, from the PDV; without it, the `Pagador padrão`. */
    payer?: PayerInput;
  }): Promise<Result<{ sale: ApiSale; created: boolean }>> {
    // An owner-only PC: refused before the reference is recorded, so the PDV may send the same
    // sale again once this computer is a Caixa (or to a counter).
    const may = mayCharge(this.deps.settings());
    if (!may.ok) return may;
    if (!REFERENCE.test(i.reference))
      return err('validation', 'PDV_REFERENCE', { field: 'reference' });
    const known = this.find(i.reference);
    if (known) {
      const sale = await this.settled(known);
      if (!sale) return err('conflict', 'PDV_REFERENCE_FAILED');
      if (sale.amountCents !== i.amountCents)
        return err('conflict', 'PDV_REFERENCE_OTHER_AMOUNT', { field: 'reference' });
      return ok({ sale, created: false });
    }
    const s = this.deps.settings();
    const payer = i.payer ?? s.defaultPayer;
    if (!payer) return err('validation', 'PAYER_NAME_EMPTY', { field: 'payer' });
    // Checked like the cashier's (shared/domain/payer.ts), before anything is recorded; the
    // field names the payer's part that is wrong (`payer.document`…).
    const problem = checkPayer(payer, s.psp.chargeOperation).issues[0];
    if (problem) return err('validation', problem.code, { field: `payer.${problem.field}` });
    const at = this.now();
    const exchange: Exchange = {
      id: randomUUID(),
      command: 'API',
      identifier: i.reference,
      amountCents: i.amountCents,
      state: 'creating',
      answerWritten: true,
      message: '',
      createdAt: at,
      updatedAt: at,
    };
    // Recorded before the PSP hears of it: a second call with this reference waits for this one.
    this.repo.save(exchange);
    const description = i.description?.trim() || `PDV ${i.reference}`;
    const r = await this.deps.charges.create(
      {
        amountCents: i.amountCents,
        description,
        payer: {
          name: payer.name ?? '',
          document: payer.document ?? '',
          ...(s.psp.chargeOperation === 'deposit' && { email: payer.email, phone: payer.phone }),
        },
      },
      randomUUID(),
    );
    if (!r.ok) {
      this.repo.save({ ...exchange, state: 'denied', message: r.code, updatedAt: this.now() });
      this.wake(exchange.id);
      return r;
    }
    this.repo.save({ ...exchange, state: 'waiting', chargeId: r.value.id, updatedAt: this.now() });
    this.wake(exchange.id);
    this.deps.onSale?.(r.value, description);
    return ok({ sale: this.sale(i.reference, r.value), created: true });
  }

  /** The sale as it stands; one still being created is awaited (a few seconds at most). */
  private async settled(e: Exchange): Promise<ApiSale | null> {
    let cur: Exchange | undefined = e;
    while (cur && cur.state === 'creating') {
      await new Promise<void>((r) => this.waitOn(cur!.id, r, 15_000));
      cur = this.repo.get(cur.id);
    }
    if (!cur?.chargeId) return null;
    const c = this.deps.charges.get(cur.chargeId);
    return c.ok ? this.sale(cur.identifier, c.value) : null;
  }

  async status(reference: string): Promise<Result<ApiSale>> {
    const e = this.find(reference);
    if (!e) return err('not_found', 'PDV_REFERENCE_UNKNOWN');
    const s = await this.settled(e);
    return s ? ok(s) : err('conflict', 'PDV_REFERENCE_FAILED');
  }

  /** Long poll: answers when the sale ends, or after `timeoutMs` with how it stands. */
  async wait(reference: string, timeoutMs: number): Promise<Result<ApiSale>> {
    const until = this.now() + timeoutMs;
    for (;;) {
      const s = await this.status(reference);
      if (!s.ok || s.value.final) return s;
      const left = until - this.now();
      if (left <= 0) return s;
      await new Promise<void>((r) => this.waitOn(s.value.chargeId, r, left));
    }
  }

  cancel(reference: string): Promise<Result<ApiSale>> {
    const e = this.find(reference);
    if (!e?.chargeId) return Promise.resolve(err('not_found', 'PDV_REFERENCE_UNKNOWN'));
    const c = this.deps.charges.cancel(e.chargeId, 'pdv-api');
    return Promise.resolve(c.ok ? ok(this.sale(reference, c.value)) : c);
  }

  /** Every `charges:updated`: wakes whoever waits on that charge. */
  onChargeUpdate(view: ChargeView): void {
    this.wake(view.id);
  }

  private waitOn(key: string, done: () => void, ms: number) {
    const set = this.waiters.get(key) ?? new Set();
    const fire = () => {
      clearTimeout(timer);
      set.delete(fire);
      done();
    };
    const timer = setTimeout(fire, ms);
    set.add(fire);
    this.waiters.set(key, set);
  }

  private wake(key: string) {
    const set = this.waiters.get(key);
    if (!set) return;
    this.waiters.delete(key);
    for (const fn of [...set]) fn();
  }

  /** Wakes every waiter (shutdown). */
  close(): void {
    for (const key of [...this.waiters.keys()]) this.wake(key);
  }
}
