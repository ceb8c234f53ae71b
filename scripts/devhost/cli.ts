// `npm run start:browser -- [--port n] [--no-open] [--psp <base_url>] [--psp-preset <id>]
//   [--status-query <path>] [--relay <url>] [--printer tcp://host:port]`:
// the app's services under Node, the UI in your browser. Loopback only; not a product mode.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KEYCHAIN_SERVICE, KeytarSecretStore } from '../../electron/main/adapters/keytar-store';
import { startDemoRelay, startEmbeddedDemo } from '../../electron/main/demo';
import { createAppCore } from '../../electron/services/app-core';
import { isPspPresetId, PSP_PRESET_IDS } from '../../shared/psp-presets';
import { dataDir } from '../../electron/services/data-dir';
import { printerTarget } from '../../shared/domain/printer-target';
import type { SecretStore } from '../../electron/services/secrets/secret-store';
import { serveDevHost } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'no-open': { type: 'boolean', default: false },
    psp: { type: 'string' },
    'status-query': { type: 'string' },
    'psp-preset': { type: 'string' },
    relay: { type: 'string' },
    printer: { type: 'string' },
  },
});
const env = process.env;
const fail = (m: string): never => {
  console.error(`start:browser: ${m}`);
  process.exit(2);
};
const preset = values['psp-preset'];
if (preset !== undefined && !isPspPresetId(preset))
  fail(`--psp-preset must be one of ${PSP_PRESET_IDS.join(', ')} (got ${preset})`);
// Without a preset a --psp sandbox answers A10 at /transactions/{id}; a preset brings its own.
const statusQueryPath = values['status-query'] ?? (preset ? undefined : '/transactions/{id}');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail('--port must be a number from 0 to 65535');

/**
 * The OS keychain (service `BALCAO_KEYCHAIN_SERVICE`, default `balcao`: tests give each app its
 * own). Without a Secret Service nothing is kept anywhere else: live mode is refused.
 */
async function secretStore(): Promise<SecretStore> {
  const keychain = new KeytarSecretStore(env.BALCAO_KEYCHAIN_SERVICE || KEYCHAIN_SERVICE);
  try {
    await keychain.get('psp.clientId');
  } catch {
    console.error(
      'start:browser: no OS keychain available; DEMO and --psp work, saving credentials is refused (install gnome-keyring)',
    );
  }
  return keychain;
}

const root = path.resolve(import.meta.dirname, '../..');
const dir = dataDir();
// With --psp, callbacks still come through a relay: the embedded one unless --relay names another
// (then its channel and token are the app's own settings and keychain entry, as in production).
const embeddedRelay = values.psp && !values.relay ? await startDemoRelay(dir) : null;
if (values.relay && (!env.BALCAO_RELAY_CHANNEL || !env.BALCAO_RELAY_TOKEN)) {
  fail(
    '--relay needs BALCAO_RELAY_CHANNEL and BALCAO_RELAY_TOKEN (the channel id and its subscriber token)',
  );
}
const relay = embeddedRelay
  ? { url: embeddedRelay.relay.url, channelId: embeddedRelay.channelId, token: embeddedRelay.token }
  : values.relay
    ? {
        url: values.relay.replace(/\/+$/, ''),
        channelId: env.BALCAO_RELAY_CHANNEL!,
        token: env.BALCAO_RELAY_TOKEN!,
      }
    : null;
// --printer tcp://host:port: receipts go to that ESC/POS printer, whatever the settings say.
const printer = values.printer ? printerTarget('escpos-network', values.printer) : null;
if (printer && !printer.ok) fail(`--printer: ${printer.message}`);
const core = await createAppCore({
  dataDir: dir,
  secrets: await secretStore(),
  host: 'browser',
  version: '0.1.0',
  startDemo: startEmbeddedDemo,
  ...(relay && { relay }),
  ...(values.printer && { printer: { kind: 'escpos-network' as const, address: values.printer } }),
  ...(values.psp && {
    pspOverride: {
      baseUrl: values.psp,
      credentials:
        env.BALCAO_CLIENT_ID && env.BALCAO_CLIENT_SECRET
          ? { clientId: env.BALCAO_CLIENT_ID, clientSecret: env.BALCAO_CLIENT_SECRET }
          : null,
      ...(statusQueryPath !== undefined && { statusQueryPath }),
    },
  }),
  ...(isPspPresetId(preset) && { pspPreset: preset }),
  // Test hook for the crash-safety tests: die right after the PSP answered.
  ...(env.BALCAO_TEST_CRASH_AFTER_PSP === '1' && {
    afterPspAnswer: () => process.kill(process.pid, 'SIGKILL'),
  }),
  logSink: (line, level) => {
    if (level !== 'debug') process.stderr.write(`${line}\n`);
  },
});
if (env.BALCAO_OWNER_PIN && !core.owner.hasPin()) {
  const r = await core.owner.setPin(env.BALCAO_OWNER_PIN);
  if (!r.ok) fail(`BALCAO_OWNER_PIN: ${r.message}`);
  core.owner.lock();
}
await core.start();
const host = await serveDevHost(core, { port, distDir: path.join(root, 'dist') }).catch(
  (e: Error) => fail(e.message),
);
console.error(
  `start:browser: ${core.mode === 'demo' ? 'DEMO mode (embedded sandbox)' : `PSP ${values.psp ?? core.settings.get().psp.baseUrl}`}; data in ${dir}`,
);
console.log(host.url);
if (!values['no-open']) {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  spawn(opener, [host.url], { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref();
}
const stop = async () => {
  await host.close();
  await core.stop();
  await embeddedRelay?.relay.close();
  process.exit(0);
};
// Diagnostics: started with --expose-gc, SIGUSR2 collects garbage (memory benchmarks read RSS after it).
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  if (process.env.BALCAO_MEMORY_REPORT) console.error(JSON.stringify(process.memoryUsage()));
});
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
