#!/usr/bin/env node
// One build: the main process and the preload as CommonJS bundles (a sandboxed preload cannot
// load ES modules), the development host's bridge, and the renderer with Vite.
import { build as esbuild } from 'esbuild';
import { copyFileSync, cpSync, mkdirSync, readFileSync } from 'node:fs';
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
/**
 * etcd3 loads its gRPC definitions from `${__dirname}/../proto` when imported; an ES module bundle
 * has no `__dirname`, so the relay would not start at all. The files are copied beside the bundle
 * and that one path rewritten (and the build fails if an etcd3 upgrade moves it).
 */
const ETCD3_PROTO = '`${__dirname}/../proto/rpc.proto`';
const etcd3Protos = {
  name: 'etcd3-protos',
  setup(b) {
    b.onLoad({ filter: /etcd3[\\/]lib[\\/]connection-pool\.js$/ }, (args) => {
      const js = readFileSync(args.path, 'utf8');
      if (!js.includes(ETCD3_PROTO))
        throw new Error(`etcd3: ${ETCD3_PROTO} not found in ${args.path}`);
      // The bundle's own directory, from the banner (`import.meta` here would make esbuild
      // take this CommonJS file for an ES module).
      const here = "__bundleDir + '/etcd3-proto/rpc.proto'";
      return { contents: js.replace(ETCD3_PROTO, here), loader: 'js' };
    });
  },
};
cpSync('node_modules/etcd3/proto', 'dist/relay/etcd3-proto', { recursive: true });
// The relay, deployable on its own (see relay/Dockerfile).
await esbuild({
  plugins: [etcd3Protos],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  entryPoints: ['relay/cli.ts'],
  outfile: 'dist/relay/cli.mjs',
  external: ['better-sqlite3'],
  banner: {
    js: "import { createRequire } from 'node:module'; import { fileURLToPath as __toPath } from 'node:url'; const require = createRequire(import.meta.url); const __bundleDir = __toPath(new URL('.', import.meta.url));",
  },
  logLevel: 'warning',
});
await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
// The window and tray icon (the installers' icons come from build/ through electron-builder).
mkdirSync('dist/main', { recursive: true });
copyFileSync('build/icon.png', 'dist/main/icon.png');
console.log('built dist/main, dist/preload, dist/devhost, dist/relay, dist/renderer');
