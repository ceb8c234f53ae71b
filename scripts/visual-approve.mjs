#!/usr/bin/env node
// `npm run visual:approve`: runs the whole visual suite (test/e2e/visual) and keeps this run's
// screenshots as the approved baselines (test/e2e/visual/baselines) and the README's pictures
// (docs/screenshots). A screen that still matches its baseline keeps the old file (only what
// changed is rewritten); baselines no test writes any more are removed. Always the whole suite:
// Histórico and Saldo show the sales the earlier tests made, so a partial run would approve
// pictures a full run never shows. Look at `git diff --stat` and the pictures before committing.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const baselines = path.join(root, 'test/e2e/visual/baselines');
const previous = mkdtempSync(path.join(tmpdir(), 'balcao-baselines-'));
if (existsSync(baselines)) cpSync(baselines, previous, { recursive: true });
rmSync(baselines, { recursive: true, force: true });
const r = spawnSync(process.execPath, ['scripts/test.mjs', 'test/e2e/visual'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BALCAO_VISUAL_APPROVE: '1', BALCAO_VISUAL_PREVIOUS: previous },
});
rmSync(previous, { recursive: true, force: true });
process.exit(r.status ?? 1);
