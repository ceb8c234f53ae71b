import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AppEvents } from '../events';
import { Ledger } from '../ledger/ledger';
import { createLogger, Redactor } from '../log';
import type { AppCoreOptions } from './app-core-types';

/**
 * What every other part stands on: the clock, the log (with its redactor, which the secrets
 * feed), the app's events, the ledger and this terminal's id (made once, kept in the ledger).
 */
export function coreFoundation(o: AppCoreOptions) {
  const now = o.now ?? Date.now;
  const redactor = new Redactor();
  const logger = createLogger(o.logSink ?? (() => {}), redactor);
  const events = new AppEvents();
  const backupDir = o.backupDir ?? path.join(o.dataDir, 'backups');
  const ledger = Ledger.open(path.join(o.dataDir, 'ledger.sqlite'), { backupDir });
  const terminalId =
    ledger.kv.get<string>('terminal.id') ??
    (ledger.kv.set('terminal.id', randomUUID()), ledger.kv.get<string>('terminal.id')!);
  return { now, redactor, logger, events, backupDir, ledger, terminalId };
}

export type Foundation = ReturnType<typeof coreFoundation>;
