// `npm run sandbox -- --port <n> [--dialect seed|cics-pt|bearer-snake]`: the PSP simulator on
// loopback, speaking the chosen dialect (default seed); prints its base URL.
import { parseArgs } from 'node:util';
import { DIALECTS, isDialect } from './dialect';
import { startSandbox } from './server';
import { DEMO_ACCOUNT } from './state';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'token-ttl': { type: 'string' },
    dialect: { type: 'string', default: 'seed' },
  },
});
if (!isDialect(values.dialect)) {
  console.error(`sandbox: --dialect must be one of ${DIALECTS.join(', ')} (got ${values.dialect})`);
  process.exit(2);
}
const dialect = values.dialect;
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`sandbox: --port must be a number from 0 to 65535 (got ${values.port})`);
  process.exit(2);
}
const sandbox = await startSandbox({
  port,
  dialect,
  ...(values['token-ttl'] && { tokenTtlSeconds: Number(values['token-ttl']) }),
});
console.log(sandbox.baseUrl);
console.error(
  `sandbox: dialect ${dialect}; account ${DEMO_ACCOUNT.clientId} / ${DEMO_ACCOUNT.clientSecret}; control at ${sandbox.origin}/__sandbox`,
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
