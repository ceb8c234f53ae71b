import type { ShiftInfo, ShiftSummary } from '../../../shared/domain/shift-summary';
import { ChargesRepo, type ChargeRecord, type HistoryEntry } from './charges-repo';
import { openDatabase, type Db } from './database';
import { DefensesRepo } from './defenses-repo';
import { EventsRepo } from './events-repo';
import type { RosterDetail } from '../journal/entry';
import { KvRepo } from './kv-repo';
import { RefundsRepo, type RefundRecord } from './refunds-repo';
import { WithdrawalsRepo } from './withdrawals-repo';

/**
 * Who hears each fact as it is written, inside the fact's own transaction (the shop journal's
 * outbox, issue 36): a fact and its journal entry commit or roll back together. Empty (no
 * journal) by default: a shop without one works as before.
 */
export interface LedgerFacts {
  charge?(c: ChargeRecord, lines: readonly HistoryEntry[]): void;
  refund?(r: RefundRecord, before: RefundRecord | undefined): void;
  shiftOpened?(s: ShiftInfo): void;
  shiftClosed?(s: ShiftInfo, summary: ShiftSummary): void;
  operatorAdded?(o: { id: string; name: string; roster?: RosterDetail }): void;
  operatorDisabled?(o: { id: string; name: string }): void;
  /** Any roster change (add, disable, re-enable, PIN, name, role): the owner's snapshot. */
  rosterChanged?(): void;
}

/** The terminal's SQLite ledger (`<data dir>/ledger.sqlite`) and its repositories. */
export class Ledger {
  readonly charges: ChargesRepo;
  readonly events: EventsRepo;
  readonly withdrawals: WithdrawalsRepo;
  readonly defenses: DefensesRepo;
  readonly kv: KvRepo;
  readonly refunds: RefundsRepo;
  /** Late-bound, named: the shop journal (made after the ledger, once its keys are read). */
  facts: LedgerFacts = {};

  constructor(readonly db: Db) {
    this.charges = new ChargesRepo(db, (c, lines) => this.facts.charge?.(c, lines));
    this.events = new EventsRepo(db);
    this.withdrawals = new WithdrawalsRepo(db);
    this.defenses = new DefensesRepo(db);
    this.kv = new KvRepo(db);
    this.refunds = new RefundsRepo(db, (r, before) => this.facts.refund?.(r, before));
  }

  /** `backupDir`: where a copy is taken before a migration (README "Backups and restore"). */
  static open(file: string, o: { backupDir?: string } = {}): Ledger {
    return new Ledger(openDatabase(file, o));
  }

  /** Runs `fn` in one transaction (nested calls join it). */
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    this.db.close();
  }
}
