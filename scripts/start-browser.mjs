#!/usr/bin/env node
// `npm run start:browser`: build, then run the development host (scripts/devhost/cli.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runChild } from './run-child.mjs';

const root = path.resolve(import.meta.dirname, '..');
const build = () =>
  spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
if (!process.env.BALCAO_SKIP_BUILD && build().status !== 0) process.exit(1);
runChild(
  process.execPath,
  ['--import', 'tsx', 'scripts/devhost/cli.ts', ...process.argv.slice(2)],
  { cwd: root },
);
