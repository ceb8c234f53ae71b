import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PROJECT_ROOTS,
  findCycles,
  importGraph,
  sourceFiles,
} from '../../../scripts/import-cycles';

// No import circles in the project, type-only edges included (developer guide: layering as in
// VS Code). The fixtures prove the check sees a circle closed by types alone.
const cyclesUnder = (...roots: string[]) =>
  findCycles(importGraph(sourceFiles(roots))).map((c) =>
    c.map((f) => path.relative(process.cwd(), f)),
  );

describe('import circles', () => {
  it('the project has none, type-only edges included', () => {
    expect(cyclesUnder(...PROJECT_ROOTS)).toEqual([]);
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixture = (name: string, files: Record<string, string>) => {
    const root = path.join(dir, name);
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(root, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    return root;
  };

  it('finds a circle closed only by `import type`', () => {
    const root = fixture('types', {
      'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
      'c.ts': "import type { A } from './a';\nexport type C = A;\n",
    });
    expect(findCycles(importGraph(sourceFiles([root])))).toEqual([
      [path.join(root, 'a.ts'), path.join(root, 'b.ts')],
    ]);
  });

  it('finds a longer circle through re-exports and type imports in sub-folders', () => {
    const root = fixture('long', {
      'x/one.ts': "export type { Two } from '../y/two';\nexport const one = 1;\n",
      'y/two.ts': "export type Two = import('../z/three').Three;\n",
      'z/three.tsx': "import { one } from '../x/one';\nexport type Three = typeof one;\n",
      'lone.ts': "import { one } from './x/one';\nexport const lone = one;\n",
    });
    expect(findCycles(importGraph(sourceFiles([root])))).toEqual([
      [path.join(root, 'x/one.ts'), path.join(root, 'y/two.ts'), path.join(root, 'z/three.tsx')],
    ]);
  });
});
