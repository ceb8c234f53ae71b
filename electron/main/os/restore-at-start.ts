import type { ElectronModule } from '../electron-api';
import type { ShellLog } from './crash';
import { restoreIfAsked, restoreIfChosen } from './restore-arg';

/**
 * Before the ledger is opened, and only in the one running instance: `--restaurar <arquivo>`,
 * else the copy the owner chose in Configurações (behind the PIN) for this start, used once.
 * False when the app must not go on (a `--restaurar` copy that failed its check: it exits 1);
 * a chosen copy that fails is reported and the app opens on the ledger as it was.
 */
export function restoreAtStart(
  e: ElectronModule,
  argv: readonly string[],
  dir: string,
  log: ShellLog,
): boolean {
  const restored = restoreIfAsked(argv, dir);
  if (restored) {
    log[restored.ok ? 'info' : 'error'](restored.message);
    console.log(restored.message);
    if (!restored.ok) {
      e.dialog.showErrorBox('Balcão', restored.message);
      e.app.exit(1);
      return false;
    }
    return true;
  }
  const chosen = restoreIfChosen(dir);
  if (chosen) {
    log[chosen.ok ? 'info' : 'error'](chosen.message);
    if (!chosen.ok) e.dialog.showErrorBox('Balcão', chosen.message);
  }
  return true;
}
