// `balcao --restaurar <arquivo>` (also `--restaurar=<arquivo>`), or the copy the owner chose in
// Configurações for this start: put a ledger copy back before the app opens the ledger (README
// "Backups and restore"). Both go through `restoreFrom`.
import path from 'node:path';
import { restoreLedger } from '../../services/ledger/backup';
import { cancelRestore, takeRestoreChoice } from '../../services/ledger/restore-choice';

/** The file named by `--restaurar`, if any. */
export function restoreArg(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--restaurar') return argv[i + 1];
    if (a.startsWith('--restaurar=')) return a.slice('--restaurar='.length);
  }
  return undefined;
}

/** The command line without `--restaurar <arquivo>` (or `--restaurar=<arquivo>`). */
export function withoutRestoreArg(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--restaurar') i++;
    else if (!args[i]!.startsWith('--restaurar=')) out.push(args[i]!);
  }
  return out;
}

/** Restores when asked; a sentence saying what happened, or undefined when not asked. */
export function restoreIfAsked(
  argv: readonly string[],
  dataDir: string,
): { ok: boolean; message: string } | undefined {
  if (!argv.some((a) => a === '--restaurar' || a.startsWith('--restaurar='))) return undefined;
  const file = restoreArg(argv);
  if (!file) return { ok: false, message: 'Use: balcao --restaurar <arquivo da cópia>' };
  // The command line names the copy: a choice left from Configurações is not applied later.
  cancelRestore(dataDir);
  return restoreFrom(file, dataDir);
}

/**
 * The copy chosen in Configurações (ledger/restore-choice.ts), used once: restored now, or
 * undefined when none was chosen. A copy that fails its check leaves the ledger as it was.
 */
export function restoreIfChosen(dataDir: string): { ok: boolean; message: string } | undefined {
  const file = takeRestoreChoice(dataDir);
  return file === undefined ? undefined : restoreFrom(file, dataDir);
}

/** Puts the copy `file` back as the ledger of `dataDir`; a sentence saying what happened. */
function restoreFrom(file: string, dataDir: string): { ok: boolean; message: string } {
  try {
    const info = restoreLedger(path.resolve(file), path.join(dataDir, 'ledger.sqlite'));
    return {
      ok: true,
      message: `Cópia restaurada: ${info.charges} cobranças de ${path.basename(info.file)}. O livro anterior foi guardado ao lado (ledger.sqlite.antes-de-restaurar-…).`,
    };
  } catch (e) {
    return { ok: false, message: `Não foi possível restaurar: ${(e as Error).message}` };
  }
}
