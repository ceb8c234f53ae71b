import { defineConfig } from 'vite';
import { splitWords } from './scripts/vite-words.mjs';

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
    // Chromium preloads modules itself: the polyfill was 0.4 KB of the first screen (issue 35).
    modulePreload: { polyfill: false },
  },
  // The Caixa's words in the first chunk, the other screens' with them (issue 35).
  plugins: [splitWords()],
  oxc: { jsx: { runtime: 'automatic' } },
});
