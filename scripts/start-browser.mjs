#!/usr/bin/env node
// `npm run start:browser`: build, then run the development host (scripts/devhost/cli.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (
  !process.env.BALCAO_SKIP_BUILD &&
  spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  }).status !== 0
) {
  process.exit(1);
}
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/devhost/cli.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(r.status ?? 1);
