import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

export interface FirstScreen {
  /** The JavaScript the window loads before the Caixa can run: the entry and its static imports. */
  files: Array<{ file: string; gzipBytes: number }>;
  gzipBytes: number;
  /** Those files' code, one after the other. */
  code: string;
  /** Source modules in those files, relative to the repository (node_modules/… for packages). */
  modules: string[];
  /** Every chunk of the build, for what loads on demand. */
  chunks: Array<{ file: string; modules: string[] }>;
}

const rel = (id: string) => path.relative(root, id.replace(/\?.*$/, ''));

/** Builds the renderer in memory (Vite, the app's own config) and reads its first screen's JS. */
export async function firstScreen(): Promise<FirstScreen> {
  const out = (await build({
    root: path.join(root, 'renderer'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const output = [out].flat().flatMap((o) => o.output);
  const chunks = new Map(
    output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const first = new Set<string>();
  const visit = (f: string) => {
    if (first.has(f)) return;
    first.add(f);
    for (const i of chunks.get(f)?.imports ?? []) visit(i);
  };
  visit(entry.fileName);
  const files = [...first].map((file) => ({
    file,
    gzipBytes: gzipSync(chunks.get(file)!.code, { level: 9 }).length,
  }));
  return {
    files,
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    code: [...first].map((f) => chunks.get(f)!.code).join('\n'),
    modules: [...first].flatMap((f) => Object.keys(chunks.get(f)!.modules).map(rel)),
    chunks: [...chunks.values()].map((c) => ({
      file: c.fileName,
      modules: Object.keys(c.modules).map(rel),
    })),
  };
}
