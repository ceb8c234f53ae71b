#!/usr/bin/env node
// `npm run setup`: installs what is missing and nothing else, so a second run is fast.
//  1. Debian/Ubuntu: the system packages (keytar's build, the keychain tests, Chromium for
//     end-to-end tests, Redis for the relay's scale-out store), with sudo when not root.
//  2. `npm ci`, skipped when node_modules already matches package-lock.json.
//  3. The Electron binary, when it can be fetched; offline, the app still runs in the
//     development host (`npm start` explains).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const started = Date.now();
const say = (m) => console.log(`setup: ${m}`);
const run = (cmd, args, opts = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status === 0;

const SYSTEM_PACKAGES = [
  'libsecret-1-dev',
  'gnome-keyring',
  'dbus',
  'libsecret-tools',
  'chromium',
  'redis-server',
  // The relay's replicated store: its tests start a three-node JetStream cluster.
  'nats-server',
  // pdftoppm: the receipt tests rasterise Chromium's PDF to measure it in millimetres.
  'poppler-utils',
  // The relay's TLS reverse-proxy sample (relay/deploy/nginx.conf) is run by its test.
  'nginx-light',
];

function isDebianLike() {
  if (process.platform !== 'linux' || !existsSync('/etc/os-release')) return false;
  const osr = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osr);
}

function installSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return !r.stdout?.includes('install ok installed');
  });
  if (!missing.length) return say('system packages present');
  say(`installing system packages: ${missing.join(' ')}`);
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...pre] = [...sudo, 'apt-get'];
  if (
    !run(cmd, [...pre, 'update', '-qq'], { env }) ||
    !run(cmd, [...pre, 'install', '-y', '-qq', '--no-install-recommends', ...missing], { env })
  ) {
    console.error(
      `setup: could not install ${missing.join(' ')}; install them with apt-get and run setup again.`,
    );
    process.exit(1);
  }
}

function npmCi() {
  const lock = readFileSync('package-lock.json');
  const stamp = createHash('sha256').update(lock).update(process.version).digest('hex');
  const stampFile = path.join('node_modules', '.balcao-setup-stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp)
    return (say('node_modules up to date'), false);
  say('npm ci');
  // Electron's binary is fetched separately below, so an offline install cannot fail on it.
  if (
    !run('npm', ['ci', '--no-audit', '--no-fund'], {
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    })
  ) {
    console.error('setup: npm ci failed (see above).');
    process.exit(1);
  }
  writeFileSync(stampFile, stamp);
  return true;
}

function fetchElectron() {
  const dir = path.join('node_modules', 'electron');
  const pathTxt = path.join(dir, 'path.txt');
  if (existsSync(pathTxt) && existsSync(path.join(dir, 'dist', readFileSync(pathTxt, 'utf8'))))
    return;
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1')
    return say('Electron binary skipped (ELECTRON_SKIP_BINARY_DOWNLOAD=1)');
  const r = spawnSync(process.execPath, [path.join(dir, 'install.js')], {
    stdio: 'ignore',
    timeout: 180_000,
  });
  say(
    r.status === 0
      ? 'Electron binary installed'
      : 'Electron binary not available offline; `npm start` will use the development host',
  );
}

/** Node 20 is end-of-life (April 2026); Electron 45's tooling and the relay image use Node 22. */
function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.warn(
    [
      `setup: WARNING: this is Node ${process.versions.node}; Balcão needs Node 22.12 or newer`,
      '  (package.json "engines"). Node 20 is end-of-life since April 2026 and gets no security',
      '  fixes. Install Node 22 LTS (https://nodejs.org, or `nvm install 22`, or your system',
      '  packages), then run `rm -rf node_modules && npm run setup` so the native modules are built',
      '  for it. Setup and the tests still run on this Node for now; release builds need Node 22.',
    ].join('\n'),
  );
}

checkNode();
if (isDebianLike()) installSystemPackages();
else if (process.platform === 'linux')
  say(
    'not Debian/Ubuntu: install libsecret, gnome-keyring, dbus, chromium, redis and poppler (pdftoppm) yourself',
  );
const installed = npmCi();
if (installed) fetchElectron();
say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
