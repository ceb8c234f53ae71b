import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { backupBeforeMigration } from './backup';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the ledger: WAL so readers never block the writer, and
 * synchronous=FULL so a committed charge survives a power cut, not only a crash; then the
 * pending migrations, each in its own transaction.
 */
/** Page cache in KiB when negative (SQLite's convention): SQLite's compiled-in default. */
export const PAGE_CACHE = -2000;

export function openDatabase(file: string, o: { backupDir?: string } = {}): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // SQLite's own default page cache (2 MiB). better-sqlite3 builds SQLite with 16 MB
  // (deps/defines.gypi: SQLITE_DEFAULT_CACHE_SIZE=-16000), which a host filled as its ledger grew:
  // the settled RSS rose ~2.4 KiB per charge for the first tens of thousands (issue 35). The
  // counter reads recent rows through indexes; the OS's file cache keeps the rest at hand.
  db.pragma(`cache_size = ${PAGE_CACHE}`);
  // An existing ledger about to change schema is copied first (a fresh one has nothing to lose).
  const current = db.pragma('user_version', { simple: true }) as number;
  if (o.backupDir && current > 0 && current < MIGRATIONS.length)
    backupBeforeMigration(db, o.backupDir);
  migrate(db);
  return db;
}

export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `ledger schema v${current} is newer than this app (v${MIGRATIONS.length}); update Balcão`,
    );
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return MIGRATIONS.length;
}
