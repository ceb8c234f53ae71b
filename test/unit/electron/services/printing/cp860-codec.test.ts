import { build } from 'esbuild';
import iconv from 'iconv-lite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decode,
  encode,
  encodingExists,
} from '../../../../../electron/services/printing/cp860-codec';
import { cp860Printer } from '../../../../../electron/services/printing/cp860-printer';
import { mainBundles } from '../../../../../scripts/main-bundles.mjs';

// The start-up bundle carries CP860 alone instead of iconv-lite's every code page: the codec must
// be iconv-lite's CP860 byte for byte, and the printer built from the bundle must print the
// same bytes as the one from the source.
const out = mkdtempSync(path.join(tmpdir(), 'balcao-cp860-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the CP860 codec', () => {
  it('decodes every byte and encodes every character as iconv-lite does', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const text = iconv.decode(all, 'cp860');
    expect(decode(all, 'cp860')).toBe(text);
    expect(encode(text, 'CP860')).toEqual(iconv.encode(text, 'cp860'));
    // What CP860 lacks is '?', as iconv-lite answers.
    for (const ch of ['€', '—', '✓', '中', '😀'])
      expect(encode(ch, 'cp860')).toEqual(iconv.encode(ch, 'cp860'));
  });

  it('knows only CP860: any other encoding is refused in words', () => {
    expect(encodingExists('IBM860')).toBe(true);
    expect(encodingExists('cp1252')).toBe(false);
    expect(() => encode('a', 'cp437')).toThrow(/only CP860/);
  });

  it('the printer from the start-up bundle prints the same bytes, and the bundle has no other code page', async () => {
    const [main] = mainBundles(out);
    // The printer alone, bundled with the main bundle's options (the iconv-lite alias included).
    await build({
      ...main!,
      entryPoints: ['electron/services/printing/cp860-printer.ts'],
      outfile: path.join(out, 'printer.cjs'),
      plugins: [],
      logLevel: 'silent',
    });
    const bundled = createRequire(import.meta.url)(path.join(out, 'printer.cjs')) as {
      cp860Printer: typeof cp860Printer;
    };
    const job = (make: typeof cp860Printer) => {
      const p = make(48);
      p.println('Ação: R$ 12,34 — pão de queijo, “café” ½ ° Ú');
      return p.getBuffer();
    };
    expect(job(bundled.cp860Printer)).toEqual(job(cp860Printer));
    expect(job(cp860Printer).includes(Buffer.from([0x84]))).toBe(true); // 'ã' as CP860's 0x84
    await build({ ...main!, outfile: path.join(out, 'index.cjs'), logLevel: 'silent' });
    const startUp = readFileSync(path.join(out, 'index.cjs'), 'utf8');
    // iconv-lite's own tables (single- and double-byte codecs) are not in it.
    expect(/_sbcs|_dbcs|maccenteuro/.test(startUp)).toBe(false);
  }, 120_000);
});
