#!/usr/bin/env node
// `npm test`: type check, lint, then every Vitest suite; ends with one plain line
// `N passed, N failed[, N skipped]` counted from the runners' own reports (the two checks
// count as one test each), and exits non-zero on any failure. On Linux it runs inside a
// private D-Bus session with an unlocked gnome-keyring, so keychain tests use a real
// Secret Service without touching the user's own keyring.
import { spawnSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

if (process.platform === 'linux' && !process.env.BALCAO_TEST_DBUS && has('dbus-run-session')) {
  const keyringHome = keyringDataHome();
  const r = spawnSync('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    // The bus (and any keyring it starts) sees this run's folder as XDG_DATA_HOME; the tests
    // get the caller's own value back below.
    env: {
      ...process.env,
      BALCAO_TEST_DBUS: '1',
      BALCAO_TEST_KEYRING_HOME: keyringHome,
      BALCAO_TEST_XDG_DATA_HOME: process.env.XDG_DATA_HOME ?? '',
      XDG_DATA_HOME: keyringHome,
    },
  });
  process.exit(r.status ?? 1);
}

if (process.env.BALCAO_TEST_DBUS) {
  if (process.env.BALCAO_TEST_XDG_DATA_HOME)
    process.env.XDG_DATA_HOME = process.env.BALCAO_TEST_XDG_DATA_HOME;
  else delete process.env.XDG_DATA_HOME;
  if (has('gnome-keyring-daemon')) await startKeyring(process.env.BALCAO_TEST_KEYRING_HOME);
}
// The Node every test and child process runs on (on an older machine Node, setup links the npm
// registry's Node 22 as node_modules/.bin/node: README "Toolchain").
console.log(`npm test on Node ${process.versions.node} (${process.execPath})`);

const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** `cmd args` with its output in `.test-results/<name>.log`; resolves to its exit status. */
const logged = (name, cmd, cmdArgs) =>
  new Promise((resolve) => {
    const log = path.join(results, `${name}.log`);
    const fd = openSync(log, 'w');
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', fd, fd] });
    child.on('exit', (code) => {
      closeSync(fd);
      resolve({ name, log, status: code });
    });
  });

// The type check, lint and the build, all at once (each is mostly one process on one core, and
// none writes what another reads: tsc does not emit), before any test starts; each one's output
// is printed whole when all have ended. The build is of dist/ for every suite that serves the
// renderer (each project's globalSetup would otherwise build it at once in several streams).
if (!args.length) {
  const checks = await Promise.all([
    logged('typecheck', 'npm', ['run', '--silent', 'typecheck']),
    logged('lint', 'npm', ['run', '--silent', 'lint']),
    logged('build', process.execPath, ['scripts/build.mjs']),
  ]);
  for (const c of checks) {
    console.log(`\n> ${c.name}`);
    process.stdout.write(readFileSync(c.log));
    if (c.status === 0) {
      if (c.name !== 'build') passed++;
    } else {
      failed++;
      console.log(`FAILED: ${c.name}`);
    }
  }
  process.env.BALCAO_TEST_BUILT = '1';
}

// A whole run goes as three streams at once (the suite was ~25 minutes as one: Vitest's
// default is one worker per CPU but one, so on two cores every file ran one after another,
// and most of them wait on processes, sockets and timers rather than compute). The e2e files
// (Chromium) run one at a time in one stream; the relay's files and the shop journal's that
// ride on it (test/integration/relay and journal: real etcd and NATS clusters, faults held
// for seconds, whole Balcões syncing through a relay; mostly waiting) in another; everything
// else in the third. Each stream runs its files one after another, so no two relay
// fault tests ever share the machine. The other streams' output is printed when they end, not
// interleaved.
const vitestRun = (name, extra, output) =>
  new Promise((resolve) => {
    const report = path.join(results, `vitest-${name}.json`);
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...extra,
      ],
      { stdio: output ? ['ignore', output, output] : 'inherit' },
    );
    child.on('exit', (code) => resolve({ report, status: code }));
  });
let runs;
if (args.length) runs = [await vitestRun('all', args)];
else {
  const RELAY = ['test/integration/relay/', 'test/integration/journal/'];
  const side = [
    ['e2e', ['--project', 'e2e']],
    ['relay', ['--project', 'integration', ...RELAY]],
  ].map(([name, extra]) => {
    const log = path.join(results, `${name}.log`);
    return { name, log, fd: openSync(log, 'w'), extra };
  });
  for (const s of side)
    console.log(
      `\n> vitest: ${s.name} in a stream of its own (its output follows when it ends: ${s.log})`,
    );
  runs = await Promise.all([
    vitestRun('main', [
      '--project',
      'unit',
      '--project',
      'components',
      '--project',
      'integration',
      '--project',
      'security',
      ...RELAY.flatMap((dir) => ['--exclude', `${dir}**`]),
    ]),
    ...side.map((s) => vitestRun(s.name, s.extra, s.fd)),
  ]);
  for (const s of side) {
    closeSync(s.fd);
    console.log(`\n> vitest ${s.name} (its own stream)\n`);
    process.stdout.write(readFileSync(s.log));
  }
}
for (const { report, status } of runs) {
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    // A suite that failed to load has no failed test but did fail.
    const brokenFiles = r.testResults.filter(
      (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
    );
    failed += brokenFiles.length;
  } else failed++;
  if (status !== 0 && failed === 0) failed++;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);

/**
 * This run's keyring folder, with a D-Bus service file that wins over the system's (the bus
 * reads $XDG_DATA_HOME/dbus-1/services first). gnome-keyring-daemon crashed once mid-suite
 * (a glib trap in the kernel log); the bus then started the system's service, a locked keyring
 * that can only ask for a password on a display, and every later keychain test failed. With
 * this file the bus restarts it unlocked, on the same folder, with the secrets stored so far.
 */
function keyringDataHome() {
  const dataHome = mkdtempSync(path.join(tmpdir(), 'balcao-keyring-'));
  const services = path.join(dataHome, 'dbus-1', 'services');
  mkdirSync(services, { recursive: true });
  writeFileSync(
    path.join(services, 'org.freedesktop.secrets.service'),
    [
      '[D-BUS Service]',
      'Name=org.freedesktop.secrets',
      "Exec=/bin/sh -c 'echo | exec gnome-keyring-daemon --foreground --unlock --components=secrets'",
      '',
    ].join('\n'),
  );
  return dataHome;
}

/**
 * An unlocked login keyring with an empty password, in this private session only, kept in a
 * folder of this run (XDG_DATA_HOME): the user's own keyring is never touched, and no entry
 * left by an earlier run can change what a test sees.
 */
function startKeyring(dataHome = mkdtempSync(path.join(tmpdir(), 'balcao-keyring-'))) {
  return new Promise((resolve) => {
    const d = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, XDG_DATA_HOME: dataHome },
    });
    let out = '';
    d.stdout.on('data', (b) => (out += b));
    d.on('close', () => {
      for (const line of out.split('\n')) {
        const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
        if (m) process.env[m[1]] = m[2];
      }
      resolve();
    });
    d.stdin.end('\n');
  });
}
