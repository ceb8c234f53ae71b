import { defineConfig } from 'vite';

// The renderer: React 19 without a plugin (Vite's own transform does the JSX), built to
// dist/renderer with relative asset paths so Electron can load it from file://.
export default defineConfig({
  root: 'renderer',
  base: './',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
