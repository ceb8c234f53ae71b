#!/usr/bin/env node
// `npm run scan:electron`: Doyensec's Electronegativity over the Electron side of the app.
// It is installed apart, in .cache/electronegativity (its eslint 7 / TypeScript 4.2 must not
// mix with the project's), and it reads JavaScript: our TypeScript is transpiled file by file
// (esbuild, no bundling, so each finding names one of our own files) into .cache/scan/src.
// Writes .cache/scan/report.json and prints the findings as JSON lines; exit 0 unless the
// scanner itself fails. The test (test/unit/build/electronegativity.test.ts) judges them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';

export const SCANNER_VERSION = '1.10.3';
const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.cache');
const prefix = path.join(cache, 'electronegativity');
const bin = path.join(prefix, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
export const SCANNED_DIRS = ['electron/main', 'electron/preload', 'renderer'];
const electronVersion = JSON.parse(
  readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
).version;

function install() {
  const installed = path.join(
    prefix,
    'node_modules',
    '@doyensec',
    'electronegativity',
    'package.json',
  );
  if (
    existsSync(installed) &&
    JSON.parse(readFileSync(installed, 'utf8')).version === SCANNER_VERSION
  )
    return;
  mkdirSync(prefix, { recursive: true });
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `@doyensec/electronegativity@${SCANNER_VERSION}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error('could not install @doyensec/electronegativity');
}

function transpile(dir, srcOut) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) transpile(rel, srcOut);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      const { code } = transformSync(readFileSync(path.join(root, rel), 'utf8'), {
        loader: entry.name.endsWith('x') ? 'tsx' : 'ts',
        format: 'esm',
        target: 'es2019',
        jsx: 'automatic',
      });
      const out = path.join(srcOut, rel.replace(/\.tsx?$/, '.js'));
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, code);
    } else if (entry.name.endsWith('.html')) {
      const out = path.join(srcOut, rel);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, readFileSync(path.join(root, rel)));
    }
  }
}

/** Scans `dirs` of the repository; the transpiled copy and report.json go to `scanDir`. */
export function scan(dirs = SCANNED_DIRS, scanDir = path.join(cache, 'scan')) {
  const srcOut = path.join(scanDir, 'src');
  const report = path.join(scanDir, 'report.json');
  install();
  rmSync(scanDir, { recursive: true, force: true });
  for (const dir of dirs) transpile(dir, srcOut);
  writeFileSync(
    path.join(srcOut, 'package.json'),
    JSON.stringify({
      name: 'balcao',
      main: 'electron/main/index.js',
      devDependencies: { electron: electronVersion },
    }),
  );
  // The CLI's own runner, called as `electronegativity -i <src> -e <version> -r` calls it (its
  // CSV writer garbles multi-line samples and its SARIF drops the severity, so we take the
  // structured issues it returns instead of a file).
  const runner = path.join(path.dirname(bin), 'runner.js');
  const program = `
    const run = require(${JSON.stringify(runner)});
    run({ input: ${JSON.stringify(srcOut)}, isRelative: true, isVerbose: false,
          electronVersionOverride: ${JSON.stringify(electronVersion)}, parserPlugins: [] })
      .then((r) => process.stdout.write('\\n@@' + JSON.stringify(r)));`;
  const r = spawnSync(process.execPath, ['-e', program], { encoding: 'utf8', cwd: scanDir });
  const marker = r.stdout.lastIndexOf('\n@@');
  if (r.status !== 0 || marker < 0)
    throw new Error(`electronegativity failed:\n${r.stdout}\n${r.stderr}`);
  const result = JSON.parse(r.stdout.slice(marker + 3));
  writeFileSync(report, JSON.stringify(result, null, 2));
  return {
    report,
    errors: result.errors.map((e) => ({
      file: path.relative(srcOut, path.resolve(srcOut, e.file ?? '')),
      message: String(e.message ?? e),
    })),
    findings: result.issues.map((i) => ({
      check: i.id,
      severity: i.severity?.name ?? String(i.severity),
      confidence: i.confidence?.name ?? String(i.confidence),
      file:
        i.file === 'N/A'
          ? 'N/A'
          : path.relative(srcOut, path.resolve(srcOut, i.file)).replace(/\\/g, '/'),
      line: i.location?.line,
      sample: i.sample,
    })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { findings, errors, report } = scan();
  for (const e of errors) console.error(`parse error: ${e.file}: ${e.message}`);
  for (const f of findings)
    console.log(`${f.severity}\t${f.confidence}\t${f.check}\t${f.file}:${f.line ?? ''}`);
  console.log(`report: ${path.relative(root, report)}`);
}
