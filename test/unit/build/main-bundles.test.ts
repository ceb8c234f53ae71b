// DEMO's sandbox and relay live in their own bundle file, loaded only when DEMO starts: the main
// bundle a live shop evaluates at every start holds none of their code, and the demo file that
// `import('./demo')` requires sits next to it (electron-builder packs dist/main/**).
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainBundles } from '../../../scripts/main-bundles.mjs';

const out = mkdtempSync(path.join(tmpdir(), 'balcao-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('main process bundles', () => {
  it('keeps the sandbox and the relay out of the main bundle, in a demo file beside it', async () => {
    await Promise.all(mainBundles(out).map((o) => build({ ...o, logLevel: 'silent' })));
    const main = readFileSync(path.join(out, 'index.cjs'), 'utf8');
    expect(main).not.toMatch(/startSandbox|startRelay|SqliteStore/);
    // Required lazily (a dynamic import when DEMO starts), never at the top of the start.
    expect(main).toMatch(/import\("\.\/demo\.cjs"\)/);
    expect(main).not.toMatch(/require\("\.\/demo\.cjs"\)/);
    expect(existsSync(path.join(out, 'demo.cjs'))).toBe(true);
    expect(readFileSync(path.join(out, 'demo.cjs'), 'utf8')).toMatch(/startSandbox/);
  }, 120_000);
});
