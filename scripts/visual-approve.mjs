#!/usr/bin/env node
// `npm run visual:approve`: runs the visual suite (test/e2e/visual) and keeps this run's
// screenshots as the approved baselines (test/e2e/visual/baselines) and the README's
// (docs/screenshots). Look at them before committing: `git diff --stat` lists what changed.
// Extra arguments go to Vitest (e.g. `-t 1024x768` approves only those); without any, baselines
// no test wrote any more are removed.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const extra = process.argv.slice(2);
if (!extra.length)
  rmSync(path.join(root, 'test/e2e/visual/baselines'), { recursive: true, force: true });
const r = spawnSync(process.execPath, ['scripts/test.mjs', 'test/e2e/visual', ...extra], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BALCAO_VISUAL_APPROVE: '1' },
});
process.exit(r.status ?? 1);
