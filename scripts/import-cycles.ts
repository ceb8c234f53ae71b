// Import circles, type-only edges included (`import type`, `export type … from`, `import('…')`
// types): a circle is harmless at run time when type-only, but it is still a circle to the reader
// and the first value import added to it makes the load order matter. The project's own files
// only; packages are leaves. Uses TypeScript's own import scanner and module resolution, so what
// counts as an edge is what `tsc` sees. Checked in `npm test` (test/unit/build/import-cycles.test.ts).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'release', 'coverage', '.stryker', '.cache']);

/** Every source file under the given folders (declaration files and skipped folders aside). */
export function sourceFiles(roots: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name) || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const root of roots) walk(path.resolve(root));
  return out.sort();
}

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** file → the project files it imports (value and type-only alike). */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const edges = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && known.has(target) && target !== file) edges.add(target);
    }
    graph.set(file, [...edges].sort());
  }
  return graph;
}

/** The circles: strongly connected components of more than one file (Tarjan), each sorted. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return cycles;
}

/** The project's folders, as the repository lays them out. */
export const PROJECT_ROOTS = [
  'shared',
  'electron',
  'renderer',
  'relay',
  'sandbox',
  'scripts',
  'test',
  'bench',
];
