// `npm run sandbox -- [options]`: the PSP simulator on loopback, speaking the chosen dialect
// (default seed); prints its base URL.
import { CliError, cliOptions, PORT_OPTION, portNumber, wholeNumber } from '../scripts/cli-options';
import { DIALECTS, isDialect, type DialectId } from './dialect';
import { startSandbox } from './server';
import { startApiPixCli } from './api-pix/cli-start';
import { DEMO_ACCOUNT } from './state';

export const SANDBOX_CLI = {
  name: 'sandbox',
  usage: 'npm run sandbox -- [options]',
  summary: 'The PSP sandbox on 127.0.0.1; prints its base URL (http://127.0.0.1:<port>/api).',
  options: {
    port: PORT_OPTION,
    'token-ttl': {
      type: 'string',
      value: '<seconds>',
      default: '900',
      help: 'lifetime of the access tokens /auth/login issues, 1 to 86400',
    },
    dialect: {
      type: 'string',
      value: '<name>',
      default: 'seed',
      help: `the PSP dialect to speak: ${DIALECTS.join(', ')}, api-pix (the Central Bank's API Pix over mutual TLS)`,
    },
  },
} as const;

const options = cliOptions(SANDBOX_CLI, (v) => {
  if (!isDialect(v.dialect) && v.dialect !== 'api-pix')
    throw new CliError(
      `--dialect must be one of ${DIALECTS.join(', ')} (got ${JSON.stringify(v.dialect)})`,
    );
  return {
    port: portNumber('--port', v.port),
    tokenTtlSeconds: wholeNumber('--token-ttl', v['token-ttl'], 1, 86_400),
    dialect: v.dialect as DialectId | 'api-pix',
  };
});
const dialect = options.dialect;
if (dialect === 'api-pix') {
  const sb = await startApiPixCli(options.port, options.tokenTtlSeconds);
  const stopPix = () => void sb.close().then(() => process.exit(0));
  process.on('SIGINT', stopPix);
  process.on('SIGTERM', stopPix);
} else {
  const sandbox = await startSandbox({ ...options, dialect });
  console.log(sandbox.baseUrl);
  console.error(
    `sandbox: dialect ${dialect}; account ${DEMO_ACCOUNT.clientId} / ${DEMO_ACCOUNT.clientSecret}; control at ${sandbox.origin}/__sandbox`,
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
