#!/usr/bin/env node
// `npm run setup`: installs what is missing and nothing else, so a second run is fast.
//  1. Debian/Ubuntu: the system packages (keytar's build, the keychain tests, Chromium for
//     end-to-end tests, Redis for the relay's scale-out store), with sudo when not root.
//  2. On a Node older than 22.12 (linux-x64): Node 22 from the npm registry, into .cache/node22
//     (scripts/node-runtime.mjs decides; README "Toolchain").
//  3. `npm ci`, skipped when node_modules already matches package-lock.json and the Node that
//     runs the suite; the native modules are built for that Node, which is then linked as
//     node_modules/.bin/node when it is the registry's (npm scripts and npx find it first).
//  4. The Electron binary, when it can be fetched; offline, the app still runs in the
//     development host (`npm start` explains).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { BUNDLED, MIN_NODE, bundledPaths, chooseNode, meetsMinimum } from './node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const started = Date.now();
const say = (m) => console.log(`setup: ${m}`);
const run = (cmd, args, opts = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status === 0;
const bundled = bundledPaths(root);

const SYSTEM_PACKAGES = [
  'libsecret-1-dev',
  'gnome-keyring',
  'dbus',
  'libsecret-tools',
  'chromium',
  'redis-server',
  // The relay's replicated store: its tests start a three-node JetStream cluster.
  'nats-server',
  // …and etcd, the replicated store that keeps a 200 through a full disk (three members).
  'etcd-server',
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

/**
 * The Node npm runs on: this machine's, the one `npm run setup` was typed into. (Setup itself
 * may already run on the linked registry Node, which npm scripts find first on PATH.)
 */
function hostNode() {
  const npmNode = process.env.npm_node_execpath;
  if (npmNode && existsSync(npmNode) && realpathSync(npmNode) !== realpathSync(process.execPath)) {
    const r = spawnSync(npmNode, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (r.status === 0) return { path: npmNode, version: r.stdout.trim() };
  }
  return { path: process.execPath, version: process.versions.node };
}

const inside = (file, dir) =>
  existsSync(file) &&
  existsSync(dir) &&
  realpathSync(file).startsWith(realpathSync(dir) + path.sep);

/** The registry's Node in .cache/node22, installed with npm ci from scripts/node22's lockfile. */
function installBundledNode() {
  const lock = readFileSync('scripts/node22/package-lock.json', 'utf8');
  const cachedLock = path.join(bundled.prefix, 'package-lock.json');
  if (
    existsSync(bundled.bin) &&
    existsSync(cachedLock) &&
    readFileSync(cachedLock, 'utf8') === lock
  )
    return;
  say(
    `installing Node ${BUNDLED.version} from the npm registry (${BUNDLED.pkg}) into .cache/node22`,
  );
  rmSync(bundled.prefix, { recursive: true, force: true });
  mkdirSync(bundled.prefix, { recursive: true });
  for (const f of ['package.json', 'package-lock.json'])
    cpSync(path.join('scripts/node22', f), path.join(bundled.prefix, f));
  const ok =
    run('npm', ['ci', '--prefix', bundled.prefix, '--ignore-scripts', '--no-audit', '--no-fund']) &&
    spawnSync(bundled.bin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim() ===
      BUNDLED.version;
  if (!ok) {
    rmSync(bundled.prefix, { recursive: true, force: true });
    console.error(
      `setup: could not install Node ${BUNDLED.version} from the npm registry (see above). Install Node 22 LTS\n` +
        '  yourself and run setup again, or set BALCAO_NODE=system to stay on this Node.',
    );
    process.exit(1);
  }
}

/** PATH without this checkout's node_modules/.bin (whose node may be a link of an earlier run). */
function pathWith(binDir) {
  const own = path.join(root, 'node_modules', '.bin');
  const rest = (process.env.PATH ?? '').split(path.delimiter).filter((p) => p && p !== own);
  return [...(binDir ? [binDir] : []), ...rest].join(path.delimiter);
}

/**
 * `npm ci` run on `node` (its install scripts build the native modules for that Node; for the
 * registry's Node, against its headers: nodedir overrides a `nodedir` in ~/.npmrc).
 */
function npmCi(node) {
  const lock = readFileSync('package-lock.json');
  const stamp = createHash('sha256').update(lock).update(`v${node.version}`).digest('hex');
  const stampFile = path.join('node_modules', '.balcao-setup-stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp)
    return (say('node_modules up to date'), false);
  say(`npm ci (native modules for Node ${node.version})`);
  // Electron's binary is fetched separately below, so an offline install cannot fail on it.
  const env = {
    ...process.env,
    ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    PATH: pathWith(node.nodedir && path.dirname(node.path)),
    ...(node.nodedir && { npm_config_nodedir: node.nodedir }),
  };
  if (!run('npm', ['ci', '--no-audit', '--no-fund'], { env })) {
    console.error('setup: npm ci failed (see above).');
    process.exit(1);
  }
  writeFileSync(stampFile, stamp);
  return true;
}

/** node_modules/.bin/node: the registry's Node when it runs the suite, otherwise none of ours. */
function linkNode(useBundled) {
  let current = null;
  try {
    if (lstatSync(bundled.link).isSymbolicLink()) current = readlinkSync(bundled.link);
  } catch {
    // no link yet
  }
  const target = path.relative(path.dirname(bundled.link), bundled.bin);
  if (useBundled) {
    if (current === target) return;
    rmSync(bundled.link, { force: true });
    mkdirSync(path.dirname(bundled.link), { recursive: true });
    symlinkSync(target, bundled.link);
  } else if (
    current !== null &&
    path.resolve(path.dirname(bundled.link), current).startsWith(bundled.prefix + path.sep)
  )
    rmSync(bundled.link, { force: true });
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
function warnOldNode(host, choice) {
  const lines =
    choice.use === 'bundled'
      ? [
          `setup: this machine's Node is ${host.version}, older than ${MIN_NODE} (package.json "engines";`,
          '  Node 20 is end-of-life since April 2026). The tests and every npm script run on Node',
          `  ${BUNDLED.version} from the npm registry instead (.cache/node22, linked as node_modules/.bin/node).`,
          '  To use your own Node, install Node 22 LTS (https://nodejs.org, `nvm install 22`, or your',
          '  system packages) and run `npm run setup` again; `BALCAO_NODE=system npm run setup` stays on',
          '  this one.',
        ]
      : [
          `setup: WARNING: this is Node ${host.version}; Balcão needs Node ${MIN_NODE} or newer (package.json`,
          `  "engines"), and the tests run on it: ${choice.why}.`,
          '  Node 20 is end-of-life since April 2026 and gets no security fixes. Install Node 22 LTS',
          '  (https://nodejs.org, `nvm install 22`, or your system packages), then run `npm run setup`',
          '  again so the native modules are built for it. Release builds need Node 22.',
        ];
  console.warn(lines.join('\n'));
}

const host = hostNode();
const choice = chooseNode({
  hostVersion: host.version,
  platform: process.platform,
  arch: process.arch,
  optOut: process.env.BALCAO_NODE === 'system',
  hostIsBundled: inside(host.path, bundled.prefix),
});
if (!meetsMinimum(host.version)) warnOldNode(host, choice);
if (isDebianLike()) installSystemPackages();
else if (process.platform === 'linux')
  say(
    'not Debian/Ubuntu: install libsecret, gnome-keyring, dbus, chromium, redis and poppler (pdftoppm) yourself',
  );
if (choice.use === 'bundled') installBundledNode();
const suiteNode =
  choice.use === 'bundled'
    ? { path: bundled.bin, version: BUNDLED.version, nodedir: bundled.nodedir }
    : host;
const installed = npmCi(suiteNode);
linkNode(choice.use === 'bundled');
if (installed) fetchElectron();
say(
  choice.use === 'bundled'
    ? `the tests and npm scripts run on Node ${BUNDLED.version} from the npm registry (${path.relative(root, bundled.bin)}), not this machine's ${host.version}`
    : `the tests and npm scripts run on this machine's Node ${host.version} (${host.path})`,
);
say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
