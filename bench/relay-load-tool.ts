import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's load tool, `shared/tools/relay-load.mjs` beside the repo: `RELAY_LOAD_TOOL` names
 * it, else it is looked for in each folder above this one (a worktree may sit deeper than `..`).
 */
export function findLoadTool(): string {
  if (process.env.RELAY_LOAD_TOOL) return path.resolve(process.env.RELAY_LOAD_TOOL);
  for (let dir = path.resolve('..'); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'tools', 'relay-load.mjs');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir)
      throw new Error(
        'relay-load.mjs not found above this folder: set RELAY_LOAD_TOOL to its path',
      );
  }
}
