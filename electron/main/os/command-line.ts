// `balcao cobrar 12,34 --ref X --aguardar` on the installed app's own executable: the command
// runs against the local API of the Balcão already open (electron/services/pdv/cobrar-cli.ts)
// and exits; no window, no second ledger. (A Windows GUI executable has no console of its own:
// from cmd.exe use `start /wait` or redirect stdout to a file; `npm run balcao` works anywhere.)
import { parseCobrar, runCobrar } from '../../services/pdv/cobrar-cli';

/** The `cobrar` command among the arguments (after the executable, or `electron .`), or null. */
export function commandLine(argv: readonly string[]): string[] | null {
  const i = argv.findIndex((a, n) => n > 0 && a === 'cobrar');
  return i > 0 && i <= 2 ? argv.slice(i) : null;
}

export async function runCommandLine(
  args: readonly string[],
  o: {
    env: Record<string, string | undefined>;
    fetch: typeof fetch;
    out: (line: string) => void;
    err: (line: string) => void;
    exit: (code: number) => void;
  },
): Promise<void> {
  const parsed = parseCobrar(args, o.env);
  if (!parsed.ok) {
    o.err(parsed.message);
    return o.exit(2);
  }
  o.exit(await runCobrar(parsed.value, { fetch: o.fetch, print: o.out }));
}
