// Doyensec's Electronegativity over the Electron side (scripts/electronegativity.mjs): every HIGH
// or MEDIUM finding must be accepted, with its reason, in docs/security.md — and every accepted
// one must still occur, so the list stays true.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the scripts folder
import { scan } from '../../scripts/electronegativity.mjs';

interface Finding {
  check: string;
  severity: string;
  file: string;
  line?: number;
}
interface ScanResult {
  findings: Finding[];
  errors: Array<{ file: string; message: string }>;
}

const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/security.md'), 'utf8');

/** The rows of "### Accepted findings": check, severity, file (our source path). */
function accepted() {
  const section = doc.split('### Accepted findings')[1]!.split(/\n#{2,3} /)[0]!;
  return section
    .split('\n')
    .filter((l) => /^\|\s*[A-Z_]+\s*\|/.test(l))
    .map((l) => {
      const [check, severity, file, reason] = l
        .split('|')
        .slice(1, 5)
        .map((c) => c.trim());
      return { check: check!, severity: severity!, file: file!, reason: reason! };
    });
}

/** A finding's file is the transpiled .js copy: back to our .ts/.tsx (or .html) source. */
function source(file: string) {
  for (const ext of ['.ts', '.tsx', '']) {
    const f = ext ? file.replace(/\.js$/, ext) : file;
    if (existsSync(path.join(root, f))) return f;
  }
  return file;
}

const serious = (f: Finding) => f.severity === 'HIGH' || f.severity === 'MEDIUM';

// The first run installs the scanner (about 400 packages) into .cache/: allow for it.
describe('Electronegativity', { timeout: 300_000 }, () => {
  it('finds no HIGH or MEDIUM issue that docs/security.md does not accept with a reason', () => {
    const r = scan() as ScanResult;
    expect(r.errors).toEqual([]);
    const found = r.findings.map((f) => ({ ...f, file: source(f.file) }));
    const list = accepted();
    for (const a of list) expect(a.reason.length, a.check).toBeGreaterThan(40);
    const unexplained = found
      .filter(serious)
      .filter((f) => !list.some((a) => a.check === f.check && a.file === f.file));
    expect(unexplained).toEqual([]);
    const stale = list.filter((a) => !found.some((f) => f.check === a.check && f.file === a.file));
    expect(stale).toEqual([]);
  });

  // The same checks stay silent on our code: the scanner does see our window, our navigation
  // guards and our permission handler.
  it('fails on an unsafe window (the gate can fail)', () => {
    const r = scan(
      ['test/fixtures/electronegativity'],
      path.join(root, '.cache', 'scan-fixture'),
    ) as ScanResult;
    const checks = r.findings.filter(serious).map((f) => f.check);
    expect(checks).toEqual(
      expect.arrayContaining([
        'CONTEXT_ISOLATION_JS_CHECK',
        'SANDBOX_JS_CHECK',
        'AUXCLICK_JS_CHECK',
        'LIMIT_NAVIGATION_GLOBAL_CHECK',
        'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
      ]),
    );
  });
});
