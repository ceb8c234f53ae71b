// `npm run balcao -- cobrar 12,34 --ref X --aguardar`: the command line of the local API
// (electron/services/pdv/cobrar-cli.ts). The installed app runs the same with `balcao cobrar …`.
import { parseCobrar, runCobrar } from '../electron/services/pdv/cobrar-cli';

const args = parseCobrar(process.argv.slice(2), process.env);
if (!args.ok) {
  process.stderr.write(`${args.message}\n`);
  process.exit(2);
}
process.exitCode = await runCobrar(args.value, {
  fetch: globalThis.fetch,
  print: (line) => process.stdout.write(`${line}\n`),
});
