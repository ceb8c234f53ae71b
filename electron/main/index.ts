// Composition root: the real `electron` module, keytar, electron-log and electron-updater handed
// to the shell. Logic lives in electron/services; wiring in shell.ts.
import * as electron from 'electron';
import log from 'electron-log/node';
import { autoUpdater } from 'electron-updater';
import path from 'node:path';
import { createAppCore } from '../services/app-core';
import { createHandlers } from '../services/handlers';
import { keychainBackend, osKeychain } from './adapters/keytar-store';
import { storedKeychain } from './adapters/stored-keychain';
import { commandLine, runCommandLine } from './os/command-line';
import { configureLog } from './os/logging';
import { ARENA_LIMIT, arenaRelaunch } from './os/malloc-arenas';
import { startShell } from './shell';

const command = commandLine(process.argv);
// Linux: once, start again with glibc's arenas limited (a long-running counter's memory; see
// os/malloc-arenas.ts). The new process inherits this one's environment.
const relaunch = command ? null : arenaRelaunch(process.platform, process.env, process.argv);
if (relaunch) {
  Object.assign(process.env, ARENA_LIMIT);
  electron.app.relaunch(relaunch);
  electron.app.exit(0);
} else if (command)
  void runCommandLine(command, {
    env: process.env,
    fetch: globalThis.fetch,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    exit: (code) => electron.app.exit(code),
  });
else
  void startShell(electron, {
    distDir: path.resolve(__dirname, '..'),
    argv: process.argv,
    env: process.env,
    platform: process.platform,
    process,
    createLog: (dir, redact) =>
      configureLog(log, { dir, redact, console: !electron.app.isPackaged }),
    async boot(dataDir, shellLog) {
      // The owner's setting (Configurações), read before the core exists; the env var wins.
      const keychain = keychainBackend(process.env.BALCAO_KEYCHAIN, storedKeychain(dataDir));
      if (keychain.unknown)
        shellLog.error(
          `BALCAO_KEYCHAIN=${keychain.unknown} is not a keychain; using ${keychain.backend}`,
        );
      shellLog.info(`keychain library: ${keychain.backend}`);
      const secrets = await osKeychain(
        () =>
          shellLog.error('no OS keychain answers: live mode refused, credentials cannot be saved'),
        keychain.backend,
      );
      const core = await createAppCore({
        dataDir,
        // An owner-picked folder for the ledger's copies (another disk, a synced folder).
        ...(process.env.BALCAO_BACKUP_DIR && { backupDir: process.env.BALCAO_BACKUP_DIR }),
        secrets,
        host: 'electron',
        version: electron.app.getVersion(),
        // Loaded on demand (its own bundle file): a live shop's start never evaluates the
        // sandbox or the relay.
        startDemo: (dir) => import('./demo').then((m) => m.startEmbeddedDemo(dir)),
        logSink: (line, level) => shellLog[level === 'debug' ? 'info' : level](line),
      });
      return { core, handlers: createHandlers(core, 'electron') };
    },
    updater: () => (electron.app.isPackaged ? autoUpdater : null),
  });
