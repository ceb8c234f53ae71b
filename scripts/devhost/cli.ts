// `npm run start:browser -- [options]`: the app's services under Node, the UI in your browser.
// Loopback only; not a product mode.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import {
  KEYCHAIN_SERVICE,
  keychainBackend,
  KeytarSecretStore,
} from '../../electron/main/adapters/keytar-store';
import { storedKeychain } from '../../electron/main/adapters/stored-keychain';
import { startDemoRelay, startEmbeddedDemo } from '../../electron/main/demo';
import { createAppCore } from '../../electron/services/app-core';
import { isPspPresetId, PSP_PRESET_IDS } from '../../shared/psp-presets';
import { dataDir } from '../../electron/services/data-dir';
import type { SecretStore } from '../../electron/services/secrets/secret-store';
import { printerTarget } from '../../shared/domain/printer-target';
import { checkServiceUrl } from '../../electron/services/settings-service';
import { CliError, cliOptions, exitWith, PORT_OPTION, portNumber } from '../cli-options';
import { parseOperators } from './operators-option';
import { joinShop, ownShop, ownShopRelay } from './shop-option';
import { serveDevHost } from './server';

/** Every option of the development host: `--help` prints this, the README quotes it. */
export const DEVHOST_CLI = {
  name: 'start:browser',
  usage: 'npm run start:browser -- [options]',
  summary:
    "The app's services under Node on 127.0.0.1 and its UI in your browser; prints the URL to open.\nWithout --psp it runs in DEMO mode on an embedded sandbox.",
  options: {
    port: PORT_OPTION,
    'no-open': { type: 'boolean', help: 'do not open the browser' },
    psp: {
      type: 'string',
      value: '<url>',
      help: "this PSP's base URL (https://, or http:// on loopback) instead of DEMO",
    },
    'psp-preset': {
      type: 'string',
      value: '<id>',
      help: `with --psp: the PSP profile, one of ${PSP_PRESET_IDS.join(', ')}`,
    },
    'status-query': {
      type: 'string',
      value: '<path>',
      help: "with --psp: the status query path, with {id}; '' for none (default /transactions/{id}, or the preset's)",
    },
    relay: {
      type: 'string',
      value: '<url>',
      help: 'read callbacks from this relay instead of the embedded one',
    },
    printer: {
      type: 'string',
      value: '<tcp://host:port>',
      help: 'print receipts on this ESC/POS network printer, whatever the settings say',
    },
    'pdv-api-port': {
      type: 'string',
      value: '<n>',
      help: 'serve the local API for PDVs on 127.0.0.1:<n> (0 picks a free one; printed on stderr)',
    },
    'pdv-dir': {
      type: 'string',
      value: '<folder>',
      help: "answer the shop's PDV through the TEF Dial files in <folder>/req and <folder>/resp",
    },
    operators: {
      type: 'string',
      value: '<Ana:1111,Bia:2222>',
      help: 'seed these operators (Name:PIN[:supervisor]) if the roster is empty; needs BALCAO_OWNER_PIN',
    },
    'shop-owner': {
      type: 'boolean',
      help: "this host is the shop owner's Balcão: makes the shop (once) and prints its address and pairing codes",
    },
    'shop-relay': {
      type: 'string',
      value: '<url>',
      help: "with --shop-owner: the shop channel on this relay (needs BALCAO_RELAY_ADMIN_TOKEN); default: a relay of the owner's host",
    },
    'pair-codes': {
      type: 'string',
      value: '<n>',
      help: 'with --shop-owner: print n pairing codes (default 1), one per terminal to pair',
    },
    'owner-only': {
      type: 'boolean',
      help: "this host is the owner's PC only (Este computador: Só proprietário): no Caixa, opens on Loja, never charges",
    },
    'join-shop': {
      type: 'string',
      value: '<balcao-loja:…>',
      help: "join the shop at this address with the code in BALCAO_PAIR_CODE (the owner's host must be running)",
    },
    'api-pix-ca': {
      type: 'string',
      value: '<file>',
      help: 'trust this CA (PEM) for an API Pix sandbox: its server and QR locations (development only)',
    },
    'api-pix-host': {
      type: 'string',
      value: '<name=host:port>',
      help: "with --api-pix-ca: read the sandbox's QR locations at <name> from host:port",
    },
  },
  env: {
    BALCAO_DATA_DIR: 'the data directory',
    'BALCAO_CLIENT_ID, BALCAO_CLIENT_SECRET': "with --psp: that PSP's credentials",
    BALCAO_WEBHOOK_SECRET: 'with --psp: the webhook secret that signs its callbacks (never stored)',
    'BALCAO_RELAY_CHANNEL, BALCAO_RELAY_TOKEN':
      'with --relay: the channel id and its subscriber token',
    BALCAO_OWNER_PIN: 'on a fresh data directory: the owner PIN (4 to 8 digits)',
    BALCAO_KEYCHAIN_SERVICE: 'the OS keychain service name (default: balcao)',
    BALCAO_KEYCHAIN: 'keytar or napi-keyring: the keychain library, over the saved setting',
    BALCAO_PDV_TOKEN: "with --pdv-api-port: the local API's token (kept hashed)",
    BALCAO_RELAY_ADMIN_TOKEN: "with --shop-relay: the relay's admin token (used once, never kept)",
    BALCAO_PAIR_CODE: "with --join-shop: the pairing code the owner's host printed",
  },
} as const;

const url = (option: string, text: string) => {
  const r = checkServiceUrl(text, option);
  if (!r.ok || text === '')
    throw new CliError(
      `${option} must be an https:// URL (http:// only on 127.0.0.1), got ${JSON.stringify(text)}`,
    );
  return r.value;
};
const env = process.env;
const values = cliOptions(DEVHOST_CLI, (v) => {
  const preset = v['psp-preset'];
  if (preset !== undefined && !isPspPresetId(preset))
    throw new CliError(
      `--psp-preset must be one of ${PSP_PRESET_IDS.join(', ')} (got ${JSON.stringify(preset)})`,
    );
  if (preset !== undefined && !v.psp) throw new CliError('--psp-preset applies only with --psp');
  const statusQuery = v['status-query'];
  if (
    statusQuery !== undefined &&
    statusQuery !== '' &&
    (!statusQuery.startsWith('/') || !statusQuery.includes('{id}'))
  )
    throw new CliError(
      `--status-query must be a path with {id}, like /transactions/{id}, or '' for none (got ${JSON.stringify(statusQuery)})`,
    );
  if (statusQuery !== undefined && !v.psp)
    throw new CliError('--status-query applies only with --psp');
  const relay = v.relay === undefined ? undefined : url('--relay', v.relay);
  if (relay && (!env.BALCAO_RELAY_CHANNEL || !env.BALCAO_RELAY_TOKEN))
    throw new CliError(
      '--relay needs BALCAO_RELAY_CHANNEL and BALCAO_RELAY_TOKEN (the channel id and its subscriber token)',
    );
  if (env.BALCAO_OWNER_PIN !== undefined && !/^\d{4,8}$/.test(env.BALCAO_OWNER_PIN))
    throw new CliError('BALCAO_OWNER_PIN must be 4 to 8 digits');
  const printer = v.printer === undefined ? null : printerTarget('escpos-network', v.printer);
  if (printer && !printer.ok) throw new CliError(`--printer: ${printer.message}`);
  const pdvDir = v['pdv-dir'];
  if (pdvDir !== undefined && (pdvDir === '' || !path.isAbsolute(pdvDir)))
    throw new CliError(`--pdv-dir must be an absolute folder path (got ${JSON.stringify(pdvDir)})`);
  const apiPixCa = v['api-pix-ca'];
  if (apiPixCa !== undefined && (apiPixCa === '' || !existsSync(apiPixCa)))
    throw new CliError(`--api-pix-ca must name a PEM file (got ${JSON.stringify(apiPixCa)})`);
  const apiPixHost = v['api-pix-host'];
  if (apiPixHost !== undefined && !/^[\w.-]+=[\w.-]+:\d{1,5}$/.test(apiPixHost))
    throw new CliError(
      `--api-pix-host must be name=host:port, like pix.sandbox.test=127.0.0.1:8443 (got ${JSON.stringify(apiPixHost)})`,
    );
  if (apiPixHost !== undefined && apiPixCa === undefined)
    throw new CliError('--api-pix-host applies only with --api-pix-ca');
  const operators = v.operators === undefined ? undefined : parseOperators(v.operators);
  if (operators && !env.BALCAO_OWNER_PIN)
    throw new CliError('--operators needs BALCAO_OWNER_PIN (the roster is the owner’s)');
  const pairCodes = v['pair-codes'] === undefined ? 1 : Number(v['pair-codes']);
  if (!Number.isInteger(pairCodes) || pairCodes < 0 || pairCodes > 50)
    throw new CliError(
      `--pair-codes must be a number from 0 to 50 (got ${JSON.stringify(v['pair-codes'])})`,
    );
  if ((v['shop-relay'] !== undefined || v['pair-codes'] !== undefined) && !v['shop-owner'])
    throw new CliError('--shop-relay and --pair-codes apply only with --shop-owner');
  if (v['shop-relay'] !== undefined && !env.BALCAO_RELAY_ADMIN_TOKEN)
    throw new CliError("--shop-relay needs BALCAO_RELAY_ADMIN_TOKEN (the relay's admin token)");
  if (v['join-shop'] !== undefined && !env.BALCAO_PAIR_CODE)
    throw new CliError("--join-shop needs BALCAO_PAIR_CODE (a code from the owner's host)");
  if (v['join-shop'] !== undefined && v['shop-owner'])
    throw new CliError('--join-shop and --shop-owner: a host is the owner or joins, not both');
  return {
    shopOwner: v['shop-owner'] === true,
    ownerOnly: v['owner-only'] === true,
    shopRelay: v['shop-relay'] === undefined ? undefined : url('--shop-relay', v['shop-relay']),
    pairCodes,
    joinShop: v['join-shop'],
    operators,
    apiPixCa,
    apiPixHost,
    pdvDir,
    pdvApiPort:
      v['pdv-api-port'] === undefined ? undefined : portNumber('--pdv-api-port', v['pdv-api-port']),
    printer: v.printer,
    port: portNumber('--port', v.port),
    open: !v['no-open'],
    psp: v.psp === undefined ? undefined : url('--psp', v.psp),
    preset,
    // Without a preset a --psp sandbox answers A10 at /transactions/{id}; a preset brings its own.
    statusQuery: statusQuery ?? (preset ? undefined : '/transactions/{id}'),
    relay,
  };
});
const fail = (m: string): never => exitWith('start:browser', m);

/**
 * The OS keychain (service `BALCAO_KEYCHAIN_SERVICE`, default `balcao`: tests give each app its
 * own), through the library the owner chose in Configurações (`BALCAO_KEYCHAIN` overrides it),
 * as the app does. Without a Secret Service nothing is kept anywhere else: live mode is refused.
 */
async function secretStore(): Promise<SecretStore> {
  const service = env.BALCAO_KEYCHAIN_SERVICE || KEYCHAIN_SERVICE;
  const { backend } = keychainBackend(env.BALCAO_KEYCHAIN, storedKeychain(dir));
  console.error(`start:browser: keychain library: ${backend}`);
  const keychain =
    backend === 'napi-keyring'
      ? new (
          await import('../../electron/main/adapters/napi-keyring-store')
        ).NapiKeyringSecretStore(service)
      : new KeytarSecretStore(service);
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
const relay = embeddedRelay
  ? { url: embeddedRelay.relay.url, channelId: embeddedRelay.channelId, token: embeddedRelay.token }
  : values.relay
    ? {
        url: values.relay,
        channelId: env.BALCAO_RELAY_CHANNEL!,
        token: env.BALCAO_RELAY_TOKEN!,
      }
    : null;
const core = await createAppCore({
  dataDir: dir,
  secrets: await secretStore(),
  host: 'browser',
  version: '0.1.0',
  startDemo: startEmbeddedDemo,
  ...(relay && { relay }),
  // --printer: receipts go to that ESC/POS printer, whatever the settings say.
  ...(values.printer && { printer: { kind: 'escpos-network' as const, address: values.printer } }),
  ...(values.psp && {
    pspOverride: {
      baseUrl: values.psp,
      credentials:
        env.BALCAO_CLIENT_ID && env.BALCAO_CLIENT_SECRET
          ? { clientId: env.BALCAO_CLIENT_ID, clientSecret: env.BALCAO_CLIENT_SECRET }
          : null,
      ...(env.BALCAO_WEBHOOK_SECRET && { webhookSecret: env.BALCAO_WEBHOOK_SECRET }),
      ...(values.statusQuery !== undefined && { statusQueryPath: values.statusQuery }),
    },
  }),
  ...(values.preset !== undefined && isPspPresetId(values.preset) && { pspPreset: values.preset }),
  ...(values.pdvDir !== undefined && { pdvDir: values.pdvDir }),
  // Tests shorten the cashier's time to type a payer the PDV did not send.
  ...(Number(env.BALCAO_PDV_PAYER_WAIT_MS) > 0 && {
    pdvPayerWaitMs: Number(env.BALCAO_PDV_PAYER_WAIT_MS),
  }),
  // An API Pix sandbox's CA and location name: trusted in this development host only, never in
  // the desktop app (a shop's PSP is checked against the system's roots).
  ...(values.apiPixCa !== undefined && {
    apiPixTrust: {
      ca: readFileSync(values.apiPixCa, 'utf8'),
      ...(values.apiPixHost && {
        hosts: Object.fromEntries([values.apiPixHost.split('=') as [string, string]]),
      }),
    },
  }),
  ...(values.pdvApiPort !== undefined && { pdvApiPort: values.pdvApiPort }),
  // Test hook: reconciliation's own passes this far apart (ms), so only a callback's hint asks
  // the status query meanwhile (the API Pix webhook test proves the hint turned a charge Pago).
  ...(/^\d+$/.test(env.BALCAO_TEST_RECONCILE_MS ?? '') && {
    pollMs: Number(env.BALCAO_TEST_RECONCILE_MS),
  }),
  // Test hook: die after a PDV sale was paid and recorded, before its answer file is written.
  ...(env.BALCAO_TEST_CRASH_BEFORE_PDV_ANSWER === '1' && {
    beforePdvAnswer: () => process.kill(process.pid, 'SIGKILL'),
  }),
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
  if (!r.ok) fail(`BALCAO_OWNER_PIN: ${r.code}`);
  core.owner.lock();
}
// --operators: the roster goes through the owner's gate, as on the Operadores screen.
if (values.operators && !core.operators.enabled()) {
  await core.owner.unlock(env.BALCAO_OWNER_PIN!);
  for (const o of values.operators) {
    const r = await core.operators.add(o);
    if (!r.ok) fail(`--operators: ${o.name}: ${r.code}`);
  }
  core.owner.lock();
}
// --owner-only: saved as the setting is (Configurações › Loja › Este computador), so it stays.
if (values.ownerOnly) {
  const r = core.settings.update({ station: 'owner-only' });
  if (!r.ok) fail(`--owner-only: ${r.code}`);
}
if (env.BALCAO_PDV_TOKEN) core.apiToken.set(env.BALCAO_PDV_TOKEN);
await core.start();
// --shop-owner / --join-shop: one shop of several hosts (scripts/devhost/shop-option.ts).
const shopRelay = values.shopOwner && !values.shopRelay ? await ownShopRelay(dir) : null;
if (values.shopOwner) {
  const relayAt = shopRelay
    ? { url: shopRelay.relay.url, adminToken: shopRelay.adminToken }
    : { url: values.shopRelay!, adminToken: env.BALCAO_RELAY_ADMIN_TOKEN! };
  const bad = await ownShop(core, relayAt, values.pairCodes, (l) =>
    console.error(`start:browser: ${l}`),
  );
  if (bad) fail(`--shop-owner: ${bad}`);
}
if (values.joinShop) {
  const bad = await joinShop(core, values.joinShop, env.BALCAO_PAIR_CODE!);
  if (bad) fail(`--join-shop: ${bad}`);
  console.error(`start:browser: joined shop ${core.journal.status().shop}`);
}
if (core.pdvApiUrl()) console.error(`start:browser: PDV API on ${core.pdvApiUrl()}`);
const host = await serveDevHost(core, {
  port: values.port,
  distDir: path.join(root, 'dist'),
}).catch((e: Error) => fail(e.message));
console.error(
  `start:browser: ${core.mode === 'demo' ? 'DEMO mode (embedded sandbox)' : `PSP ${values.psp ?? core.settings.get().psp.baseUrl}`}; data in ${dir}`,
);
console.log(host.url);
if (values.open) {
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
  await shopRelay?.relay.close();
  process.exit(0);
};
// Diagnostics: started with --expose-gc, SIGUSR2 collects garbage (memory benchmarks read RSS after it).
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  if (process.env.BALCAO_MEMORY_REPORT) {
    const h = getHeapStatistics();
    console.error(
      JSON.stringify({
        ...process.memoryUsage(),
        malloced: h.malloced_memory,
        physical: h.total_physical_size,
        spaces: Object.fromEntries(
          getHeapSpaceStatistics().map((x) => [x.space_name, x.physical_space_size]),
        ),
      }),
    );
  }
});
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
