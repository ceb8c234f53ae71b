import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

// ESLint's first run loads the typed config and plugins: seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

// The design rules beyond imports (docs/design.md), linted on small fixtures as if they lived
// in each folder, with the project's real config: each must fire where it applies and stay quiet
// where the design allows it.
const eslint = new ESLint({ cwd: process.cwd() });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('IPC stays in its wrappers', () => {
  it.each([
    ['electron/main/fx.ts', "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n"],
    [
      'electron/main/windows/fx.ts',
      "import * as e from 'electron';\ne.ipcMain.on('x', () => 1);\n",
    ],
    ['electron/preload/fx.ts', "import { ipcRenderer } from 'electron';\nipcRenderer.send('x');\n"],
    ['renderer/fx.ts', 'const { ipcRenderer } = window as never;\nexport const r = ipcRenderer;\n'],
    ['scripts/devhost/fx.ts', "export const pick = (e: never) => e['ipcMain'];\n"],
  ])('%s: using ipcMain/ipcRenderer fails, pointing to the design document', async (file, code) => {
    const messages = await lint(file, code);
    expect(
      messages.some((m) => m.startsWith('no-restricted-syntax: IPC rule (docs/design.md)')),
    ).toBe(true);
  });

  it.each([
    [
      'electron/main/ipc/register.ts',
      'export const f = (ipcMain: { handle(): void }) => ipcMain.handle();\n',
    ],
    [
      'electron/preload/expose.ts',
      'export const f = (ipcRenderer: { send(): void }) => ipcRenderer.send();\n',
    ],
  ])('%s (the wrapper) may use it', async (file, code) => {
    const messages = await lint(file, code);
    expect(messages.filter((m) => m.includes('IPC rule'))).toEqual([]);
  });
});

describe('services never import relay/ or sandbox/; the composition roots may', () => {
  it.each([
    ['electron/services/fx.ts', "import { startRelay as x } from '../../relay/server';"],
    [
      'electron/services/charges/fx.ts',
      "import { startSandbox as x } from '../../../sandbox/server';",
    ],
    ['electron/services/fx.ts', "export { startSandbox } from '../../sandbox/server';"],
  ])('%s: %s fails', async (file, stmt) => {
    const messages = await lint(file, `${stmt}\nexport const used = [typeof x];\n`);
    expect(
      messages.some(
        (m) =>
          m.startsWith('balcao/folder-boundaries:') && m.includes('Import rule (docs/design.md)'),
      ),
    ).toBe(true);
  });

  it.each([
    ['electron/main/fx.ts', "import { startRelay as x } from '../../relay/server';"],
    ['scripts/devhost/fx.ts', "import { startSandbox as x } from '../../sandbox/server';"],
  ])('%s: %s is allowed', async (file, stmt) => {
    const messages = await lint(file, `${stmt}\nexport const used = [x];\n`);
    expect(messages.filter((m) => m.includes('folder-boundaries'))).toEqual([]);
  });
});

describe("React's hook rules in renderer/", () => {
  it('a hook called conditionally fails (rules-of-hooks)', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function Box({ on }: { on: boolean }) {',
      '  if (on) useState(0);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    expect((await lint('renderer/fx.tsx', code)).join('\n')).toMatch(/react-hooks\/rules-of-hooks/);
  });

  it('an effect that reads a value it does not list fails (exhaustive-deps)', async () => {
    const code = [
      "import { useEffect } from 'react';",
      'export function Box({ id }: { id: string }) {',
      '  useEffect(() => console.log(id), []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    expect((await lint('renderer/fx.tsx', code)).join('\n')).toMatch(
      /react-hooks\/exhaustive-deps/,
    );
  });
});
