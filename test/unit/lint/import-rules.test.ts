import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

// ESLint's first run loads the typed config and plugins: seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

// Lints small fixtures as if they lived in each folder, with the project's real config,
// and asserts that the import rules of docs/design.md fire (and that allowed imports stay allowed).
const eslint = new ESLint({ cwd: process.cwd() });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const use = (stmt: string) => `${stmt}\nexport const used = [x];\n`;

// Packages each folder may not import (rule no-restricted-imports), as a default import.
const restrictedPackages: Array<[file: string, packages: string[]]> = [
  ['renderer/fx.ts', ['electron', 'keytar', 'node:fs', 'child_process', 'qrcode']],
  ['shared/fx.ts', ['node:crypto', 'path', 'electron', 'react']],
  ['electron/services/fx.ts', ['electron', 'keytar']],
  ['electron/main/fx.ts', ['keytar']],
  ['electron/preload/fx.ts', ['node:fs']],
];

// Project modules each folder may not import across its boundary (rule
// balcao/folder-boundaries), as { name: module }.
const crossings: Array<[file: string, imports: Record<string, string>]> = [
  ['renderer/fx.tsx', { dispatch: '../electron/services/ipc-dispatch' }],
  ['shared/domain/fx.ts', { getBridge: '../../renderer/bridge' }],
  ['shared/fx.ts', { dispatch: '../electron/services/ipc-dispatch' }],
  ['electron/services/fx.ts', { registerIpc: '../main/ipc/register' }],
  [
    'electron/preload/fx.ts',
    {
      dispatch: '../services/ipc-dispatch',
      parseMoney: '../../shared/domain/money',
      defaultSettings: '../../shared/settings',
    },
  ],
];

describe('import rules (docs/design.md) fail lint', () => {
  it.each([
    ...restrictedPackages.flatMap(([file, packages]) =>
      packages.map((p) => [file, `import x from '${p}';`, 'no-restricted-imports']),
    ),
    ...crossings.flatMap(([file, imports]) =>
      Object.entries(imports).map(([name, from]) => [
        file,
        `import { ${name} as x } from '${from}';`,
        'balcao/folder-boundaries',
      ]),
    ),
  ])('%s: %s', async (file, stmt, rule) => {
    const messages = await lint(file, use(stmt));
    expect(
      messages.some((m) => m.startsWith(`${rule}:`) && m.includes('Import rule (docs/design.md)')),
    ).toBe(true);
  });

  it('shared/ may not use Node or DOM globals either', async () => {
    const messages = await lint('shared/fx.ts', 'export const env = process.env;\n');
    expect(messages.join('\n')).toMatch(/no-restricted-globals/);
  });
});

describe('allowed imports stay allowed', () => {
  it.each([
    ['shared/fx.ts', "import { parseMoney as x } from './domain/money';"],
    ['shared/fx.ts', "import { z as x } from 'zod';"],
    ['electron/services/fx.ts', "import x from 'node:fs';"],
    ['electron/services/fx.ts', "import { parseMoney as x } from '../../shared/domain/money';"],
    ['electron/main/adapters/fx.ts', "import x from 'keytar';"],
    ['electron/main/fx.ts', "import { app as x } from 'electron';"],
    // The preload may import the IPC contract, all of it (README "Import rules").
    ['electron/preload/fx.ts', "import { CALL_CHANNELS as x } from '../../shared/ipc-channels';"],
    ['electron/preload/fx.ts', "import { calls as x } from '../../shared/ipc-contract';"],
    ['electron/preload/fx.ts', "import { createApi as x } from '../../shared/ipc-api';"],
    ['electron/preload/fx.ts', "import { err as x } from '../../shared/result';"],
    [
      'electron/preload/index.ts',
      "import type { BalcaoApi as x } from '../../shared/ipc-contract';",
    ],
    ['renderer/fx.tsx', "import { getBridge as x } from './bridge';"],
    ['renderer/fx.tsx', "import x from 'qrcode/lib/browser';"],
    ['renderer/fx.tsx', "import { formatBRL as x } from '../shared/domain/money';"],
  ])('%s: %s', async (file, stmt) => {
    expect(await lint(file, use(stmt))).toEqual([]);
  });
});
