import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/core';

// The sandbox and development-host CLIs misused: each mistake is one line naming the option and
// exit 2, before anything is started or written; --help is the usage and exit 0, and the README
// shows exactly that text.
const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b) => (stdout += b));
  child.stderr.on('data', (b) => (stderr += b));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // A CLI that accepted the arguments would start serving: stop it and report that.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Both CLIs take --port through scripts/cli-options.ts (PORT_OPTION): misused alike. */
const PORT_MISUSE = [
  [['--port', 'abc'], '--port must be a whole number from 0 to 65535 (got "abc")'],
  [['--port', '1.5'], '--port must be a whole number'],
  [['--port', '65536'], '--port must be a whole number'],
  [['--port', '99999'], '--port must be a whole number'],
  [['--port', ''], '--port must be a whole number'],
  [['--port', '0x10'], '--port must be a whole number'],
  [['--port'], '--port needs a value'],
  [['--port', '-1'], '--port needs a value'],
] as const;

const CLIS = [
  {
    name: 'sandbox',
    script: 'sandbox/cli.ts',
    misuse: [
      ...PORT_MISUSE,
      [['--token-ttl', 'abc'], '--token-ttl must be a whole number from 1 to 86400'],
      [['--token-ttl', '0'], '--token-ttl must be a whole number'],
      [['--token-ttl', '1e3'], '--token-ttl must be a whole number'],
      [['--burst', '5'], 'unknown option --burst'],
      [['serve'], 'unexpected argument "serve"'],
      [['--help=yes'], '--help takes no value'],
    ],
  },
  {
    name: 'start:browser',
    script: 'scripts/devhost/cli.ts',
    misuse: [
      ...PORT_MISUSE,
      [['--psp'], '--psp needs a value'],
      [['--psp', 'ftp://psp.example.com'], '--psp must be an https:// URL'],
      [['--psp', 'http://psp.example.com/api'], '--psp must be an https:// URL'],
      [['--psp', 'not a url'], '--psp must be an https:// URL'],
      [['--status-query', '/x/{id}'], '--status-query applies only with --psp'],
      [
        ['--psp', 'https://psp.example.com', '--status-query', 'x'],
        '--status-query must be a path',
      ],
      [['--relay', 'https://relay.example.com'], '--relay needs BALCAO_RELAY_CHANNEL'],
      [['--no-open=1'], '--no-open takes no value'],
      [['--open'], 'unknown option --open'],
      [['4000'], 'unexpected argument "4000"'],
      [['--printer', 'printer.local:99999'], '--printer: '],
      [['--operators', 'Ana:1111'], '--operators needs BALCAO_OWNER_PIN'],
      [['--operators', 'Ana:11a1'], '--operators: the PIN must be 4 to 8 digits in "Ana:11a1"'],
      [['--operators', ':1111'], '--operators: a name is missing'],
      [['--operators', 'Ana:1111:boss'], '--operators: the role must be cashier or supervisor'],
      [['--operators', 'Ana:1111,Ana:2222'], '--operators: a name is repeated'],
    ],
  },
] as const;

describe.each(CLIS)('$name CLI', ({ name, script, misuse }) => {
  it('--help prints the usage on stdout and exits 0; the README shows the same text', async () => {
    const r = await run(script, ['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: npm run /);
    for (const line of r.stdout.trimEnd().split('\n')) expect(readme).toContain(line);
    expect(readme).toContain(r.stdout.trimEnd());
    expect((await run(script, ['-h'])).stdout).toBe(r.stdout);
  });

  it.each(misuse.map(([args, msg]) => [args.join(' ') || "''", args, msg] as const))(
    '%s → one line naming the problem, exit 2, nothing started or written',
    async (_label, args, msg) => {
      const dataDir = path.join(tempDir(), 'data');
      const r = await run(script, [...args], { BALCAO_DATA_DIR: dataDir });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${name}: ${msg}`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});
