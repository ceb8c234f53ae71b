import path from 'node:path';

// The main process's bundles: index.cjs, read at every start, and demo.cjs (DEMO's sandbox and
// relay), loaded by `import('./demo')` only when DEMO mode starts. Shared by the build and its test.
export const node = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['electron', 'keytar', '@napi-rs/keyring', 'better-sqlite3'],
  logLevel: 'warning',
};

/** `./demo` from the main entry stays a separate file, required at run time. */
const demoApart = {
  name: 'demo-apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/demo$/ }, (args) =>
      /electron[\\/]main[\\/]index\.ts$/.test(args.importer)
        ? { path: './demo.cjs', external: true }
        : undefined,
    );
  },
};

/**
 * The printer only ever speaks CP860 (electron/services/printing/cp860-codec.ts): node-thermal-
 * printer's `require('iconv-lite')` gets that codec instead of iconv-lite's every code page
 * (0.49 MB of the start-up bundle). Only the main bundle: nothing else in it uses iconv-lite.
 */
const cp860Only = {
  'iconv-lite': path.resolve(import.meta.dirname, '../electron/services/printing/cp860-codec.ts'),
};

export const mainBundles = (outdir) => [
  // Minified (names kept, so logged errors still name their classes): it is read at every start.
  {
    ...node,
    entryPoints: ['electron/main/index.ts'],
    outfile: `${outdir}/index.cjs`,
    minify: true,
    keepNames: true,
    alias: cp860Only,
    plugins: [demoApart],
  },
  {
    ...node,
    entryPoints: ['electron/main/demo.ts'],
    outfile: `${outdir}/demo.cjs`,
    minify: true,
    keepNames: true,
  },
];
