import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/core';
import { startRelayProcess } from '../helpers/relay-process';

// CLI misuse: `npm run relay` with bad options says what is wrong in one line and exits 2
// before touching anything; --help prints the usage and exits 0; a relay already running on
// the same port and store keeps serving throughout.
const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = 'cli-admin-token-0123456789abcdef';
let running: ChildProcess;
let url: string;
let port: number;
let storeFile: string;

beforeAll(async () => {
  storeFile = path.join(tempDir(), 'relay.sqlite');
  const r = await startRelayProcess({ adminToken: ADMIN, store: `sqlite:${storeFile}` });
  running = r.child;
  url = r.url;
  port = r.port;
});
afterAll(() => running?.kill('SIGKILL'));

/** `npm run relay -- …args` as its own process; resolves when it exits (killed after 30 s). */
const relayCli = (args: string[], env: Record<string, string | undefined> = {}) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'relay/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, RELAY_ADMIN_TOKEN: ADMIN, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });

async function stillServing() {
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  const c = await fetch(`${url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  const { channelId } = (await c.json()) as { channelId: string };
  expect((await fetch(`${url}/hooks/${channelId}`, { method: 'POST', body: '{}' })).status).toBe(
    200,
  );
}

describe.concurrent('relay CLI misuse', () => {
  it('--help prints every option and exits 0 without starting', async () => {
    const r = await relayCli(['--help']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    for (const o of [
      '--port',
      '--host',
      '--store',
      '--public-url',
      '--rate-per-channel',
      '--burst',
      '--retention-days',
      '--log-level',
      '--etcd-group-commit',
      '--help',
    ])
      expect(r.stdout).toContain(o);
    expect(r.stdout).not.toMatch(/http:\/\/127/);
  });

  it.each([
    [['--burst', 'abc'], /--burst must be a whole number/],
    [['--burst', '0'], /--burst/],
    [['--burst', '1.5'], /--burst/],
    [['--rate-per-channel', '1e3'], /--rate-per-channel must be a number/],
    [['--rate-per-channel', ''], /--rate-per-channel/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--port', '0x50'], /--port/],
    [['--port', ' 80'], /--port/],
    [['--retention-days', '-1'], /--retention-days/],
    [['--store', 'sqlite:'], /--store sqlite: needs a file path/],
    [['--store', 'sqlite:   '], /--store sqlite: needs a file path/],
    [['--store', 'sqlite::memory:'], /not durable/],
    [['--store', 'postgres://x'], /unsupported --store/],
    [['--store', 'redis://'], /--store/],
    [['--store', 'etcd://'], /each server must be <host>:<port>/],
    [['--store', 'etcd://a:1,b'], /each server must be <host>:<port> \(got "b"\)/],
    [['--store', 'nats://a:x'], /each server must be <host>:<port>/],
    [['--public-url', 'ftp://x'], /--public-url/],
    [['--log-level', 'loud'], /--log-level must be one of/],
    [['--etcd-group-commit', '0'], /--etcd-group-commit must be a whole number from 1 to 40/],
    [['--etcd-group-commit', '41'], /--etcd-group-commit must be a whole number from 1 to 40/],
    [['--host', 'a b'], /--host/],
    [['--nope'], /Unknown option '--nope'/],
    [['--port'], /--port/],
    [['extra'], /unexpected argument "extra"/],
  ])('%j: one line on stderr, exit 2, the running relay keeps serving', async (args, message) => {
    const r = await relayCli(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^relay: /);
    expect(lines[0]).toMatch(message);
    await stillServing();
  });

  it('no admin token, or a short one: exit 2 with the reason', async () => {
    for (const token of [undefined, 'short']) {
      const r = await relayCli(['--port', '0'], { RELAY_ADMIN_TOKEN: token });
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/RELAY_ADMIN_TOKEN/);
    }
  });

  it('a port already taken, a store that cannot be opened: one line, exit 1, no stack trace', async () => {
    const taken = await relayCli([
      '--port',
      String(port),
      '--store',
      `sqlite:${tempDir()}/x.sqlite`,
    ]);
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim().split('\n')).toHaveLength(1);
    expect(taken.stderr).toMatch(/^relay: cannot start: .*EADDRINUSE/);
    const dir = tempDir();
    const notAFile = await relayCli(['--store', `sqlite:${dir}`]);
    expect(notAFile.status).toBe(1);
    expect(notAFile.stderr.trim().split('\n')).toHaveLength(1);
    expect(notAFile.stderr).toMatch(/^relay: cannot start: /);
    await stillServing();
  });
});
