import { ChargesRepo } from './charges-repo';
import { openDatabase, type Db } from './database';
import { DefensesRepo } from './defenses-repo';
import { EventsRepo } from './events-repo';
import { KvRepo } from './kv-repo';
import { RefundsRepo } from './refunds-repo';
import { WithdrawalsRepo } from './withdrawals-repo';

/** The terminal's SQLite ledger (`<data dir>/ledger.sqlite`) and its repositories. */
export class Ledger {
  readonly charges: ChargesRepo;
  readonly events: EventsRepo;
  readonly withdrawals: WithdrawalsRepo;
  readonly defenses: DefensesRepo;
  readonly kv: KvRepo;
  readonly refunds: RefundsRepo;

  constructor(readonly db: Db) {
    this.charges = new ChargesRepo(db);
    this.events = new EventsRepo(db);
    this.withdrawals = new WithdrawalsRepo(db);
    this.defenses = new DefensesRepo(db);
    this.kv = new KvRepo(db);
    this.refunds = new RefundsRepo(db);
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
