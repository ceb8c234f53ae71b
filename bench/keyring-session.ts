import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The shop's keys live in the keychain: without a session bus, the calling benchmark runs itself
 * again inside a private one with an unlocked gnome-keyring (as scripts/test.mjs does for the
 * tests) and exits with its status. Returns only when a session bus is already there.
 */
export function inKeyringSession(): void {
  if (process.env.DBUS_SESSION_BUS_ADDRESS) return;
  const keyring =
    'echo | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null';
  const argv = [process.execPath, ...process.execArgv, ...process.argv.slice(1)]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const r = spawnSync('dbus-run-session', ['--', 'sh', '-c', `${keyring}; exec ${argv}`], {
    stdio: 'inherit',
    env: { ...process.env, XDG_DATA_HOME: mkdtempSync(path.join(tmpdir(), 'balcao-keyring-')) },
  });
  process.exit(r.status ?? 1);
}
