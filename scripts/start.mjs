#!/usr/bin/env node
// `npm start`: build and open the desktop app; without the Electron binary, say so plainly
// and fall back to the development host, so the command always shows the app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { electronBinary, MISSING_ELECTRON } from './electron-binary.mjs';
import { runChild } from './run-child.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
// BALCAO_SKIP_BUILD: dist/ is already built (the test suite builds it once; a rebuild empties
// dist/renderer for seconds under every other stream's development hosts).
if (
  !process.env.BALCAO_SKIP_BUILD &&
  spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' }).status !== 0
)
  process.exit(1);

const bin = electronBinary(root);
const devHost = path.join(root, 'scripts', 'start-browser.mjs');
if (bin) {
  // Chromium refuses to run as root without this flag (CI containers, kiosks).
  runChild(bin, [
    '.',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ...process.argv.slice(2),
  ]);
} else {
  console.log(MISSING_ELECTRON);
  if (!existsSync(devHost)) {
    console.log('(The development host is not built yet, so there is nothing to fall back to.)');
    process.exit(1);
  }
  console.log('Starting the development host instead…\n');
  runChild(process.execPath, [devHost, ...process.argv.slice(2)], {
    env: { ...process.env, BALCAO_SKIP_BUILD: '1' },
  });
}
