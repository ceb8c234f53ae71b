#!/usr/bin/env node
// One build: main process (ESM-free CommonJS bundle), the preload as a single CommonJS file
// (a sandboxed preload cannot load ES modules), and the renderer with Vite.
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const native = ['electron', 'keytar', 'better-sqlite3'];
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: native,
  logLevel: 'warning',
};

await Promise.all([
  esbuild({ ...common, entryPoints: ['electron/main/index.ts'], outfile: 'dist/main/index.cjs' }),
  esbuild({
    ...common,
    entryPoints: ['electron/preload/index.ts'],
    outfile: 'dist/preload/index.cjs',
  }),
]);
await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
console.log('built dist/main/index.cjs, dist/preload/index.cjs, dist/renderer/');
