// The owner's "Cofre de senhas do sistema" setting, read before the app core (and its secrets)
// exist: one synchronous, read-only look at the settings row of the ledger. The keychain is
// built from it, so the setting takes effect at the next start.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { KEYCHAIN_BACKENDS, type KeychainBackend } from '../../../shared/settings';

/**
 * The keychain library the settings name, or undefined: no ledger yet (first start), no
 * setting saved, or a ledger that cannot be read (the core reports that one when it opens it).
 */
export function storedKeychain(dataDir: string): KeychainBackend | undefined {
  const file = path.join(dataDir, 'ledger.sqlite');
  if (!existsSync(file)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const row = db.prepare("SELECT value FROM kv WHERE key = 'settings'").get() as
      { value: string } | undefined;
    const value = row && (JSON.parse(row.value) as { keychain?: unknown }).keychain;
    return KEYCHAIN_BACKENDS.find((b) => b === value);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}
