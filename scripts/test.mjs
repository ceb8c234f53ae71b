#!/usr/bin/env node
// `npm test`: type check, lint, then every Vitest suite; ends with one plain line
// `N passed, N failed[, N skipped]` counted from the runners' own reports (the two checks
// count as one test each), and exits non-zero on any failure. On Linux it runs inside a
// private D-Bus session with an unlocked gnome-keyring, so keychain tests use a real
// Secret Service without touching the user's own keyring.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

if (process.platform === 'linux' && !process.env.BALCAO_TEST_DBUS && has('dbus-run-session')) {
  const r = spawnSync('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BALCAO_TEST_DBUS: '1' },
  });
  process.exit(r.status ?? 1);
}

if (process.env.BALCAO_TEST_DBUS && has('gnome-keyring-daemon')) await startKeyring();
// The Node every test and child process runs on (on an older machine Node, setup links the npm
// registry's Node 22 as node_modules/.bin/node: README "Toolchain").
console.log(`npm test on Node ${process.versions.node} (${process.execPath})`);

const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (!args.length) {
  for (const [name, cmd, cmdArgs] of [
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
  ]) {
    console.log(`\n> ${name}`);
    const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit' });
    if (r.status === 0) passed++;
    else {
      failed++;
      console.log(`FAILED: ${name}`);
    }
  }
}

const report = path.join(root, '.test-results', 'vitest.json');
rmSync(report, { force: true });
mkdirSync(path.dirname(report), { recursive: true });
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { stdio: 'inherit' },
);
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
if (vitest.status !== 0 && failed === 0) failed++;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);

/**
 * An unlocked login keyring with an empty password, in this private session only, kept in a
 * folder of this run (XDG_DATA_HOME): the user's own keyring is never touched, and no entry
 * left by an earlier run can change what a test sees.
 */
function startKeyring() {
  const dataHome = mkdtempSync(path.join(tmpdir(), 'balcao-keyring-'));
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
