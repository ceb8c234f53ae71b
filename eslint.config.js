// Lint, and the design rules of docs/design.md as rules: what may import what, where IPC lives,
// React's hook rules are checked here, not left to convention. Folder rules use our balcao/folder-boundaries (resolved paths);
// package rules (electron, keytar, Node built-ins, React) use no-restricted-imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import folderBoundaries from './scripts/eslint/folder-boundaries.js';
import { builtinModules } from 'node:module';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const msg = (why) => `Import rule (docs/design.md): ${why}`;
const ipcMsg = (why) => `IPC rule (docs/design.md): ${why}`;

const packages = (names, why) => ({ paths: names.map((name) => ({ name, message: msg(why) })) });
const banned = (...groups) => [
  'error',
  {
    paths: groups.flatMap((g) => g.paths),
    patterns: groups.flatMap((g) => g.patterns ?? []),
  },
];
const NODE = (why) => packages(nodeBuiltins, why);
const ELECTRON = (why) => ({
  ...packages(['electron', 'keytar'], why),
  patterns: [{ group: ['electron/*', 'keytar/*'], message: msg(why) }],
});
const REACT = (why) => ({
  ...packages(['react', 'react-dom', 'zustand'], why),
  patterns: [{ group: ['react/*', 'react-dom/*'], message: msg(why) }],
});

const zone = (target, from, why, except) => ({
  target,
  from,
  message: msg(why),
  ...(except && { except }),
});

// The top folders each must not import: `<folder>/ must not import <other>/.`
const APART = {
  shared: ['renderer', 'relay', 'sandbox'],
  electron: ['renderer'],
  renderer: ['electron', 'relay', 'sandbox'],
  relay: ['electron', 'renderer', 'sandbox'],
  sandbox: ['electron', 'renderer', 'relay'],
};
// Written once: the preload's own block replaces the zones for its files, so it lists the ones
// that concern the preload again.
const PRELOAD_APART = [
  zone('electron/preload', 'renderer', 'electron/ must not import renderer/.'),
  zone('electron/preload', 'electron/services', 'the preload must not import services.'),
  zone('electron/preload', 'electron/main', 'the preload must not import main.'),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'release/**',
      'node_modules/**',
      'coverage/**',
      'test/e2e/artifacts/**',
      '.cache/**',
      '.stryker/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { balcao: { rules: { 'folder-boundaries': folderBoundaries } } },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'balcao/folder-boundaries': [
        'error',
        {
          zones: [
            zone('shared', 'electron', 'shared/ runs anywhere; it must not import electron/.'),
            zone('electron/services', 'electron/main', 'services must not import electron/main.'),
            zone('electron/services', 'electron/preload', 'services must not import the preload.'),
            ...['relay', 'sandbox'].map((folder) =>
              zone(
                'electron/services',
                folder,
                `services must not import ${folder}/ (only the composition roots embed it).`,
              ),
            ),
            ...Object.entries(APART).flatMap(([folder, others]) =>
              others.map((other) => zone(folder, other, `${folder}/ must not import ${other}/.`)),
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': banned(
        NODE('shared/ must not import Node built-ins.'),
        ELECTRON('shared/ must not import electron or keytar.'),
        REACT('shared/ must not import React.'),
      ),
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', '__dirname', 'window', 'document'].map((name) => ({
          name,
          message: msg('shared/ runs anywhere: no Node or DOM globals.'),
        })),
      ],
    },
  },
  {
    files: ['electron/services/**/*.ts'],
    rules: {
      'no-restricted-imports': banned(
        ELECTRON('services are plain Node: no electron, no keytar.'),
        REACT('services must not import React.'),
      ),
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/adapters/**'],
    rules: {
      'no-restricted-imports': banned(
        packages(['keytar'], 'keytar only in electron/main/adapters/.'),
      ),
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': banned(
        NODE('the preload must not import Node built-ins.'),
        packages(['keytar'], 'the preload must not import keytar.'),
      ),
      'balcao/folder-boundaries': [
        'error',
        {
          zones: [
            zone('electron/preload', 'shared', 'the preload may only import the IPC contract.', [
              'ipc-contract.ts',
              'ipc-channels.ts',
              'ipc-api.ts',
              'result.ts',
            ]),
            ...PRELOAD_APART,
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': banned(
        NODE('renderer/ is sandboxed: no Node built-ins.'),
        ELECTRON('renderer/ must not import electron or keytar; use bridge.ts.'),
        packages(
          ['qrcode'],
          "renderer/ imports 'qrcode/lib/browser': qrcode's types bring in Node's globals.",
        ),
      ),
    },
  },
  {
    files: ['relay/**/*.ts', 'sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': banned(
        ELECTRON('relay/ and sandbox/ must not import electron or keytar.'),
        REACT('relay/ and sandbox/ must not import React.'),
      ),
    },
  },
  {
    // ipcMain and ipcRenderer stay inside their wrappers: register.ts (sender check → schema →
    // service → Result) and the preload's expose.ts; the shell hands ipcMain to register.ts.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'electron/main/ipc/register.ts',
      'electron/main/shell.ts',
      'electron/main/electron-api.ts',
      'electron/preload/index.ts',
      'electron/preload/expose.ts',
      'test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Identifier', 'Literal'].map((type) => ({
          selector: `${type}[${type === 'Literal' ? 'value' : 'name'}=/^ipc(Main|Renderer)$/]`,
          message: ipcMsg(
            'ipcMain only in electron/main/ipc/register.ts, ipcRenderer only in electron/preload/.',
          ),
        })),
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
);
