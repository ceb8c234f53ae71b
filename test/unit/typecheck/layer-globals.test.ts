import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Type-checks a one-line file as if it lived in a layer, with that layer's real tsconfig.json
// (its `lib` and `types`), and returns the names tsc could not find: DOM globals only where a
// browser runs, Node's only where Node runs.
const parsedFiles = new Map<string, ts.SourceFile | undefined>(); // lib files, read once

function missingNames(layer: string, code: string): string[] {
  const config = path.resolve(layer, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`no config at ${config}`);
  const file = path.resolve(layer, '__layer_probe__.ts');
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (f) => f === file || fileExists(f);
  host.getSourceFile = (f, lang, ...rest) => {
    if (f === file) return ts.createSourceFile(f, code, lang);
    const key = `${JSON.stringify(lang)}:${f}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, getSourceFile(f, lang, ...rest));
    return parsedFiles.get(key);
  };
  // Every file of the layer, so globals that its packages' types bring in count too.
  const roots = [...parsed.fileNames, file];
  const program = ts.createProgram(roots, parsed.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    .flatMap((m) => /Cannot find name '(\w+)'/.exec(m)?.[1] ?? []);
}

const usesProcess = 'export const env = process.env.HOME;\n';
const usesDocument = 'export const title = document.title;\n';

describe('each layer type-checks with the globals of where it runs', { timeout: 60_000 }, () => {
  it.each(['renderer', 'shared', 'scripts/devhost'])('%s: Node globals fail tsc', (layer) => {
    expect(missingNames(layer, usesProcess)).toEqual(['process']);
  });

  it.each(['shared', 'electron/services', 'electron/main', 'relay', 'sandbox'])(
    '%s: DOM globals fail tsc',
    (layer) => {
      expect(missingNames(layer, usesDocument)).toEqual(['document']);
    },
  );

  it.each(['electron/services', 'relay'])('%s: Node globals are there', (layer) => {
    expect(missingNames(layer, usesProcess)).toEqual([]);
  });

  it.each(['renderer', 'electron/preload'])('%s: DOM globals are there', (layer) => {
    expect(missingNames(layer, usesDocument)).toEqual([]);
  });

  it('shared/ has TextEncoder, which both runtimes provide', () => {
    expect(
      missingNames('shared', 'export const n = new TextEncoder().encode("é").length;\n'),
    ).toEqual([]);
  });
});
