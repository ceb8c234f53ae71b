import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Vitest global setup: one build of dist/ for the suites that serve the renderer. */
export default function setup() {
  if (process.env.BALCAO_TEST_BUILT) return; // scripts/test.mjs built it once for every stream
  const root = path.resolve(import.meta.dirname, '../..');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('build failed');
}
