// `npm run relay -- --port <n> [--store sqlite:<file> | --store redis://<host>:<port>] [--public-url https://…]`
// with the admin token in RELAY_ADMIN_TOKEN.
import { parseArgs } from 'node:util';
import { startRelay } from './server';
import { RedisStore } from './redis-store';
import { SqliteStore } from './sqlite-store';
import type { RelayStore } from './store';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    store: { type: 'string', default: 'sqlite:relay-data/relay.sqlite' },
    'public-url': { type: 'string' },
    'rate-per-channel': { type: 'string', default: '1000' },
    burst: { type: 'string', default: '2000' },
  },
});
const fail = (m: string): never => {
  console.error(`relay: ${m}`);
  process.exit(2);
};
const adminToken =
  process.env.RELAY_ADMIN_TOKEN ??
  fail('set RELAY_ADMIN_TOKEN (a long random string) for the admin API');
if (adminToken.length < 16) fail('RELAY_ADMIN_TOKEN must be at least 16 characters');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail('--port must be a number from 0 to 65535');
let store: RelayStore;
if (values.store.startsWith('sqlite:'))
  store = new SqliteStore(values.store.slice('sqlite:'.length));
else if (values.store.startsWith('redis://')) store = new RedisStore(values.store);
else
  store = fail(`unsupported --store ${values.store} (use sqlite:<file> or redis://<host>:<port>)`);
const relay = await startRelay({
  store,
  adminToken,
  port,
  host: values.host,
  ratePerSec: Number(values['rate-per-channel']),
  burst: Number(values.burst),
  ...(values['public-url'] && { publicUrl: values['public-url'] }),
});
console.log(relay.url);
// Diagnostics: started with --expose-gc, SIGUSR2 collects garbage (memory tests read RSS after it).
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
const stop = () => void relay.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
