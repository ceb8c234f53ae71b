// Command-line options for the project's small CLIs (sandbox, development host): one
// declaration gives the parser, the `--help` text and the checks. `--help` prints the usage
// and exits 0; an unknown option, a missing or extra value, or a value that fails its check
// prints ONE line naming the option and exits 2 — never a stack trace, never a silent default.
import { parseArgs } from 'node:util';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the help (`<n>`, `<url>`). */
  value?: string;
  default?: string;
  help: string;
}

export interface CliSpec<O extends Record<string, OptionSpec>> {
  /** The program's name, the prefix of every error line. */
  name: string;
  usage: string;
  summary: string;
  options: O;
  /** Environment variables it reads, for the help. */
  env?: Record<string, string>;
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['default'] extends string
      ? string
      : string | undefined;
};

export class CliError extends Error {}

/** The help text, exactly as `--help` prints it (the README quotes it). */
export function helpText(spec: CliSpec<Record<string, OptionSpec>>): string {
  const rows: Array<[string, string]> = Object.entries(spec.options).map(([name, o]) => [
    `--${name}${o.value ? ` ${o.value}` : ''}`,
    `${o.help}${o.default !== undefined ? ` (default: ${o.default === '' ? "''" : o.default})` : ''}`,
  ]);
  rows.push(['-h, --help', 'print this help and exit']);
  const env = Object.entries(spec.env ?? {});
  const width = Math.max(...[...rows, ...env].map(([k]) => k.length)) + 2;
  const table = (r: Array<[string, string]>) => r.map(([k, v]) => `  ${k.padEnd(width)}${v}`);
  return [
    `Usage: ${spec.usage}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...table(rows),
    ...(env.length ? ['', 'Environment:', ...table(env)] : []),
    '',
  ].join('\n');
}

/** Node's parseArgs messages are long and multi-sentence: one short line instead. */
function parseProblem(message: string): string {
  const opt = /'(?:-\w, )?(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (/argument missing|argument is ambiguous/.test(message))
    return `${opt} needs a value (write ${opt}=<value> for one that starts with -)`;
  if (/does not take an argument/.test(message)) return `${opt} takes no value`;
  if (/^Unknown option/.test(message)) return `unknown option ${opt}`;
  const arg = /^Unexpected argument '([^']*)'/.exec(message);
  if (arg) return `unexpected argument ${JSON.stringify(arg[1])}: only options are accepted`;
  return message.split(/\.\s|\n/, 1)[0]!;
}

/** Parses `argv` by the spec; throws CliError (one line) on misuse, returns null for --help. */
export function parseOptions<O extends Record<string, OptionSpec>>(
  spec: CliSpec<O>,
  argv: string[],
): Values<O> | null {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([k, o]) => [
      k,
      { type: o.type, ...(o.default !== undefined && { default: o.default }) },
    ]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (e) {
    throw new CliError(parseProblem(String((e as Error).message)));
  }
  if (parsed.values.help) return null;
  return parsed.values as Values<O>;
}

/**
 * A CLI's main: parses and checks (`check` throws CliError for a bad value), prints the help
 * and exits 0, or prints `<name>: <problem> (see --help)` and exits 2.
 */
export function cliOptions<O extends Record<string, OptionSpec>, T>(
  spec: CliSpec<O>,
  check: (values: Values<O>) => T,
  argv = process.argv.slice(2),
): T {
  try {
    const values = parseOptions(spec, argv);
    if (values === null) {
      process.stdout.write(helpText(spec));
      process.exit(0);
    }
    return check(values);
  } catch (e) {
    if (e instanceof CliError) exitWith(spec.name, e.message);
    throw e;
  }
}

export function exitWith(name: string, problem: string): never {
  console.error(`${name}: ${problem} (see --help)`);
  process.exit(2);
}

/** A whole number written in digits only, within [min, max]. */
export function wholeNumber(
  option: string,
  text: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new CliError(
      `${option} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`,
    );
  return n;
}

export const portNumber = (option: string, text: string) => wholeNumber(option, text, 0, 65535);

/** `--port`: where a CLI listens on loopback; read with portNumber. */
export const PORT_OPTION = {
  type: 'string',
  value: '<n>',
  default: '0',
  help: 'TCP port, 0 to 65535; 0 picks a free one',
} as const satisfies OptionSpec;
