import { parseArgs } from 'node:util';
import { LOG_LEVELS, type LogLevel } from './logging';

export const USAGE = `Usage: npm run relay -- [options]   (admin token in RELAY_ADMIN_TOKEN, 16+ characters;
                                   /metrics token in RELAY_METRICS_TOKEN, else the admin token)

The callback relay: the PSP posts to /hooks/<channel>, terminals read their channel as
Server-Sent Events. Prints its URL on a line of its own, then logs JSON lines on stdout.

Options:
  --port <n>                 TCP port, 0 = any free port                 (default 0)
  --host <address>           address to listen on                        (default 127.0.0.1)
  --store <store>            sqlite:<file>, redis://<host>:<port>[/<db>],
                             etcd://<host>:<port>,<host>:<port>,… (replicated, fsync per write) or
                             nats://<host>:<port>[,<host>:<port>…] (JetStream, replicated)
                             (default sqlite:relay-data/relay.sqlite)
  --backup <file>            sqlite only: copy the store online to <file> and exit
  --replicas <n>             nats: copies of each event, 3 survives losing one node (default 3)
  --etcd-group-commit <n>    etcd: callbacks committed together in one transaction, at most
                             (1 = one transaction each)                  (default 40)
  --public-url <url>         https://… base URL the PSP reaches (behind a TLS proxy)
  --rate-per-channel <n>     callbacks per second per channel, sustained (default 1000)
  --burst <n>                callbacks per channel at once, a whole number (default 2000)
  --retention-days <n>       days events are kept                        (default 7)
  --body-timeout <s>         seconds a request's headers and body may take (default 10)
  --fd-reserve <n>           file descriptors kept free for genuine callbacks while slow
                             clients are held (default 128)
  --log-level <level>        ${LOG_LEVELS.join(', ')} (default info)
  --help                     print this help and exit`;

export interface RelayCliOptions {
  port: number;
  host: string;
  store:
    | { kind: 'sqlite'; file: string }
    | { kind: 'redis'; url: string }
    | { kind: 'nats'; servers: string[] }
    | { kind: 'etcd'; servers: string[] };
  replicas: number;
  /** etcd: callbacks per transaction at most (group commit, relay/etcd-append-batch.ts). */
  etcdGroupCommit: number;
  publicUrl?: string;
  ratePerSec: number;
  burst: number;
  retentionDays: number;
  bodyTimeoutMs: number;
  fdReserve: number;
  logLevel: LogLevel;
}

export type ParsedCli =
  | { kind: 'help' }
  | { kind: 'run'; options: RelayCliOptions }
  | { kind: 'backup'; storeFile: string; dest: string }
  | { kind: 'error'; message: string };

class UsageError extends Error {}
const fail = (m: string): never => {
  throw new UsageError(m);
};

/** Digits only (and one decimal point when allowed): `1e3`, `0x10`, ` 5`, `` are refused. */
function number(name: string, text: string, o: { integer: boolean; min: number; max: number }) {
  const re = o.integer ? /^\d{1,15}$/ : /^\d{1,15}(\.\d{1,6})?$/;
  const n = Number(text);
  if (!re.test(text) || n < o.min || n > o.max)
    fail(
      `--${name} must be ${o.integer ? 'a whole number' : 'a number'} from ${o.min} to ${o.max} (got "${text}")`,
    );
  return n;
}

function store(text: string): RelayCliOptions['store'] {
  if (text.startsWith('sqlite:')) {
    const file = text.slice('sqlite:'.length);
    if (!file.trim())
      fail('--store sqlite: needs a file path, e.g. sqlite:relay-data/relay.sqlite');
    if (file === ':memory:')
      fail('--store sqlite::memory: is not durable: give a file path (a 200 must mean on disk)');
    return { kind: 'sqlite', file };
  }
  if (text.startsWith('redis://') || text.startsWith('rediss://')) {
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      return fail(`--store ${text} is not a valid Redis URL (redis://<host>:<port>)`);
    }
    if (!u.hostname) fail(`--store ${text} has no host (redis://<host>:<port>)`);
    if (u.port && !/^\d+$/.test(u.port)) fail(`--store ${text} has a bad port`);
    if (!/^\/?(\d{1,2})?$/.test(u.pathname))
      fail(`--store ${text}: the path must be a database number`);
    return { kind: 'redis', url: text };
  }
  for (const kind of ['nats', 'etcd'] as const)
    if (text.startsWith(`${kind}://`)) {
      const servers = text.slice(`${kind}://`.length).split(',');
      for (const hp of servers)
        if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(hp))
          fail(`--store ${text}: each server must be <host>:<port> (got "${hp}")`);
      return { kind, servers };
    }
  return fail(
    `unsupported --store "${text}" (use sqlite:<file>, redis://<host>:<port>, etcd://<host>:<port>,… or nats://<host>:<port>,…)`,
  );
}

/** The relay's command line, checked whole: any bad option is one line of error, nothing runs. */
export function parseRelayArgs(argv: string[]): ParsedCli {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        store: { type: 'string', default: 'sqlite:relay-data/relay.sqlite' },
        'public-url': { type: 'string' },
        'rate-per-channel': { type: 'string', default: '1000' },
        burst: { type: 'string', default: '2000' },
        'retention-days': { type: 'string', default: '7' },
        'body-timeout': { type: 'string', default: '10' },
        replicas: { type: 'string', default: '3' },
        'etcd-group-commit': { type: 'string', default: '40' },
        'fd-reserve': { type: 'string', default: '128' },
        'log-level': { type: 'string', default: 'info' },
        backup: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return { kind: 'help' };
    if (values.backup !== undefined) {
      const s = store(values.store);
      if (s.kind === 'sqlite' && values.backup)
        return { kind: 'backup', storeFile: s.file, dest: values.backup };
      fail('--backup <file> copies a --store sqlite:<file> store (Redis and NATS keep their own)');
    }
    if (positionals.length) fail(`unexpected argument "${positionals[0]}" (see --help)`);
    const host = values.host.trim();
    if (!/^[A-Za-z0-9.:-]+$/.test(host) || host !== values.host)
      fail(`--host must be an address or host name (got "${values.host}")`);
    let publicUrl: string | undefined;
    if (values['public-url'] !== undefined) {
      let u: URL | null = null;
      try {
        u = new URL(values['public-url']);
      } catch {
        /* refused below */
      }
      if (!u || !/^https?:$/.test(u.protocol) || u.search || u.hash)
        fail(`--public-url must be an http(s) URL without query (got "${values['public-url']}")`);
      publicUrl = values['public-url'].replace(/\/+$/, '');
    }
    if (!(LOG_LEVELS as readonly string[]).includes(values['log-level']))
      fail(`--log-level must be one of ${LOG_LEVELS.join(', ')} (got "${values['log-level']}")`);
    return {
      kind: 'run',
      options: {
        port: number('port', values.port, { integer: true, min: 0, max: 65535 }),
        host,
        store: store(values.store),
        replicas: number('replicas', values.replicas, { integer: true, min: 1, max: 5 }),
        etcdGroupCommit: number('etcd-group-commit', values['etcd-group-commit'], {
          integer: true,
          min: 1,
          max: 40,
        }),
        ...(publicUrl !== undefined && { publicUrl }),
        ratePerSec: number('rate-per-channel', values['rate-per-channel'], {
          integer: false,
          min: 0.001,
          max: 1e9,
        }),
        burst: number('burst', values.burst, { integer: true, min: 1, max: 1e9 }),
        retentionDays: number('retention-days', values['retention-days'], {
          integer: false,
          min: 0.001,
          max: 3650,
        }),
        bodyTimeoutMs:
          number('body-timeout', values['body-timeout'], { integer: false, min: 0.1, max: 3600 }) *
          1000,
        fdReserve: number('fd-reserve', values['fd-reserve'], { integer: true, min: 0, max: 1e6 }),
        logLevel: values['log-level'] as LogLevel,
      },
    };
  } catch (e) {
    if (e instanceof UsageError) return { kind: 'error', message: e.message };
    // node:util's own messages (unknown option, missing value) are one line already.
    const m = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    return {
      kind: 'error',
      message: `${m.replace(/\. To specify a positional.*$/, '')} (see --help)`,
    };
  }
}
