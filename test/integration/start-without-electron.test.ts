import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper of the scripts folder
import { electronBinary } from '../../scripts/electron-binary.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const hasElectron = electronBinary(root) !== null;

describe.skipIf(hasElectron)('npm start without the Electron binary', () => {
  it('says plainly what is missing and how to get it, never a stack trace', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--no-open'], {
      cwd: root,
      // dist/ is built by the project's globalSetup: a second build here would empty
      // dist/renderer under the development hosts other streams are starting (a CI failure).
      env: {
        ...process.env,
        BALCAO_SKIP_BUILD: '1',
        BALCAO_DATA_DIR: path.join(root, '.test-results', 'start-data'),
      },
    });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      const poll = setInterval(() => {
        if (/http:\/\/127\.0\.0\.1:\d+\/\S*/.test(out) || child.exitCode !== null) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        }
      }, 100);
    });
    child.kill('SIGTERM');
    expect(out).toContain('The Electron binary is not installed');
    expect(out).toContain('node node_modules/electron/install.js');
    expect(out).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });
});
