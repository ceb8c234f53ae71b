// `npm run chaos -- --seed N --charges N [--status-query none]`: one seeded chaos run of the app
// core in this process. With `--processes`, `--minutes M`, `--relay-kills N` or `--app-kills N`:
// the relay and the app as processes of their own, killed with SIGKILL at seeded moments (one
// of each by default, two a minute with --minutes). Its report as JSON on stdout; exit 1 when an
// invariant broke.
import { runChaos } from './chaos';
import { runProcessChaos } from './chaos-processes';

const USAGE =
  'usage: npm run chaos -- --seed N [--charges N] [--minutes M] [--status-query none] [--processes] [--relay-kills N] [--app-kills N] [--query-budget N] [--pace N] [--verbose]';
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : undefined;
};
const num = (name: string, d?: number) => {
  const v = opt(name);
  if (v === undefined) return d;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(USAGE);
    process.exit(2);
  }
  return n;
};
const seed = num('seed', 1)!;
const minutes = num('minutes');
const processes =
  args.includes('--processes') ||
  minutes !== undefined ||
  opt('relay-kills') !== undefined ||
  opt('app-kills') !== undefined;
const charges = num('charges', processes && minutes !== undefined ? undefined : 50);
if (
  !Number.isInteger(seed) ||
  (charges !== undefined && (!Number.isInteger(charges) || charges < 1))
) {
  console.error(USAGE);
  process.exit(2);
}
const statusQuery = opt('status-query') !== 'none';
const progress = args.includes('--verbose') ? (l: string) => console.error(l) : undefined;
const perMinute = (d: number) => (minutes === undefined ? d : Math.max(1, Math.round(minutes * 2)));
const report = processes
  ? await runProcessChaos({
      seed,
      ...(charges !== undefined && { charges }),
      ...(minutes !== undefined && { minutes }),
      statusQuery,
      relayKills: num('relay-kills', perMinute(1))!,
      appKills: num('app-kills', perMinute(1))!,
      ...(num('query-budget') && { queryPerMinute: num('query-budget')! }),
      ...(num('pace') && { pacePerMinute: num('pace')! }),
      ...(progress && { progress }),
    })
  : await runChaos({ seed, charges: charges ?? 50, statusQuery, ...(progress && { progress }) });
console.log(JSON.stringify(report, null, 2));
process.exit(report.violations.length ? 1 : 0);
