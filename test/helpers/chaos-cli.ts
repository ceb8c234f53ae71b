// `npm run chaos -- --seed N --charges N [--status-query none]`: one seeded chaos run, its report
// as JSON on stdout; exit 1 when an invariant broke.
import { runChaos } from './chaos';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : d;
};
const seed = Number(opt('seed', '1'));
const charges = Number(opt('charges', '50'));
if (!Number.isInteger(seed) || !Number.isInteger(charges) || charges < 1) {
  console.error('usage: npm run chaos -- --seed N --charges N [--status-query none]');
  process.exit(2);
}
const report = await runChaos({
  seed,
  charges,
  statusQuery: opt('status-query', 'on') !== 'none',
  ...(args.includes('--verbose') && { progress: (l: string) => console.error(l) }),
});
console.log(JSON.stringify(report, null, 2));
process.exit(report.violations.length ? 1 : 0);
