// `npm run relay -- --help` for the options; the admin token in RELAY_ADMIN_TOKEN.
// Not `import { createRequire }`: the relay bundle's banner declares that name already.
import nodeModule from 'node:module';
import { getHeapSpaceStatistics } from 'node:v8';
import pino from 'pino';
import { parseRelayArgs, USAGE } from './cli-options';
import { EtcdStore } from './etcd-store';
import { NatsStore } from './nats-store';
import { RedisStore } from './redis-store';
import { startRelay } from './server';
import { SqliteStore } from './sqlite-store';
import type { RelayStore } from './store';

const parsed = parseRelayArgs(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const usage = (m: string): never => {
  console.error(`relay: ${m}`);
  process.exit(2);
};
if (parsed.kind === 'error') usage(parsed.message);
if (parsed.kind === 'backup') {
  // An online copy of the SQLite store (the relay may be running), checked, then exit.
  const { backupRelayStore } = await import('./sqlite-backup');
  await backupRelayStore(parsed.storeFile, parsed.dest).then(
    (i) => {
      console.log(`relay: backup ${i.file}: ${i.channels} channels, ${i.events} callbacks`);
      process.exit(0);
    },
    (e: unknown) => {
      console.error(`relay: backup failed: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
const o = parsed.kind === 'run' ? parsed.options : usage('unreachable');
const adminToken =
  process.env.RELAY_ADMIN_TOKEN ??
  usage('set RELAY_ADMIN_TOKEN (a long random string) for the admin API');
if (adminToken.length < 16) usage('RELAY_ADMIN_TOKEN must be at least 16 characters');

// Past the command line, a failure to start (store unreadable, port taken) is one line, exit 1.
try {
  const store: RelayStore =
    o.store.kind === 'sqlite'
      ? new SqliteStore(o.store.file, {
          writerThread: {
            sqliteModule: nodeModule.createRequire(import.meta.url).resolve('better-sqlite3'),
          },
        })
      : o.store.kind === 'redis'
        ? new RedisStore(o.store.url)
        : o.store.kind === 'etcd'
          ? new EtcdStore(o.store.servers, { groupCommit: { maxItems: o.etcdGroupCommit } })
          : new NatsStore(o.store.servers, { replicas: o.replicas });
  // Log lines are gathered and written up to 8 KiB at a time (at least every second), not one
  // write per request; flushed on shutdown and on a crash.
  const logs = pino.destination({ dest: 1, sync: false, minLength: 8192 });
  setInterval(() => logs.flush(), 1000).unref();
  const relay = await startRelay({
    store,
    adminToken,
    ...(process.env.RELAY_METRICS_TOKEN && { metricsToken: process.env.RELAY_METRICS_TOKEN }),
    port: o.port,
    host: o.host,
    ratePerSec: o.ratePerSec,
    burst: o.burst,
    retentionDays: o.retentionDays,
    bodyTimeoutMs: o.bodyTimeoutMs,
    fdReserve: o.fdReserve,
    log: { level: o.logLevel, stream: logs },
    ...(o.publicUrl && { publicUrl: o.publicUrl }),
  });
  console.log(relay.url);
  // Diagnostics: started with --expose-gc, SIGUSR2 collects garbage (memory tests read RSS after it).
  // BALCAO_MEMORY_REPORT=1: a line on stdout after each such GC (where the RSS is: V8's heap
  // spaces, buffers outside it), as the development host does.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    if (process.env.BALCAO_MEMORY_REPORT) console.log(JSON.stringify(memoryReport()));
  });
  const exit = (code: number) => {
    logs.flushSync();
    process.exit(code);
  };
  const stop = () =>
    void relay.close().then(
      () => exit(0),
      () => exit(1),
    );
  process.on('uncaughtException', (e) => {
    relay.log.fatal({ err: e }, 'relay crashed');
    exit(70);
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`relay: cannot start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}

/** process.memoryUsage with V8's heap spaces (physical bytes each). */
function memoryReport() {
  return {
    ...process.memoryUsage(),
    spaces: Object.fromEntries(
      getHeapSpaceStatistics().map((x) => [x.space_name, x.physical_space_size]),
    ),
  };
}
