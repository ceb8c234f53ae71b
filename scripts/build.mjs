#!/usr/bin/env node
// One build: the main process and the preload as CommonJS bundles (a sandboxed preload cannot
// load ES modules), the development host's bridge, and the renderer with Vite.
import { build as esbuild } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { build as viteBuild } from 'vite';

import { mainBundles, node } from './main-bundles.mjs';

await Promise.all([
  ...mainBundles('dist/main').map((o) => esbuild(o)),
  esbuild({
    ...node,
    entryPoints: ['electron/preload/index.ts'],
    outfile: 'dist/preload/index.cjs',
  }),
  // The development host's window.balcao: the browser's stand-in for the preload.
  esbuild({
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    entryPoints: ['scripts/devhost/bridge.ts'],
    outfile: 'dist/devhost/bridge.js',
    logLevel: 'warning',
  }),
]);
// The relay, deployable on its own (see relay/Dockerfile).
await esbuild({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  entryPoints: ['relay/cli.ts'],
  outfile: 'dist/relay/cli.mjs',
  external: ['better-sqlite3'],
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
// The window and tray icon (the installers' icons come from build/ through electron-builder).
mkdirSync('dist/main', { recursive: true });
copyFileSync('build/icon.png', 'dist/main/icon.png');
console.log('built dist/main, dist/preload, dist/devhost, dist/relay, dist/renderer');
