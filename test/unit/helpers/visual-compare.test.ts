import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { comparePng } from '../../helpers/visual-compare';

// An approved Caixa with its QR masked (magenta): what the visual suite compares every run.
const approved = readFileSync(
  path.resolve(import.meta.dirname, '../../e2e/visual/baselines/caixa-pt-BR-typed-1024x768-qr.png'),
);
const MAGENTA = [255, 0, 255];

/** The same screen with `edit` applied to its pixels. */
function edited(edit: (png: PNG) => void): Buffer {
  const png = PNG.sync.read(approved);
  edit(png);
  return PNG.sync.write(png);
}
const at = (png: PNG, x: number, y: number) => (png.width * y + x) * 4;
const isMask = (png: PNG, i: number) => MAGENTA.every((c, k) => png.data[i + k] === c);

/** The masked QR's box: the magenta block between the amount (y 150) and the code (y 560). */
function qrBox(png: PNG) {
  let [x0, y0, x1, y1] = [png.width, png.height, 0, 0];
  for (let y = 150; y < 560; y++)
    for (let x = 0; x < png.width; x++)
      if (isMask(png, at(png, x, y))) {
        [x0, y0] = [Math.min(x0, x), Math.min(y0, y)];
        [x1, y1] = [Math.max(x1, x), Math.max(y1, y)];
      }
  return { x0, y0, x1, y1 };
}

describe('the visual comparison (pixelmatch)', () => {
  it('accepts the approved screen itself', () => {
    expect(comparePng(approved, approved)).toMatchObject({ ok: true, diffPixels: 0 });
  });

  it('tolerates colour noise under the threshold across the whole screen', () => {
    const noisy = edited((png) => {
      for (let i = 0; i < png.data.length; i += 4)
        for (let k = 0; k < 3; k++) png.data[i + k] = Math.max(0, png.data[i + k]! - (i % 3));
    });
    expect(comparePng(approved, noisy).ok).toBe(true);
  });

  it('fails when the QR moves by 2 px', () => {
    const moved = edited((png) => {
      const { x0, y0, x1, y1 } = qrBox(png);
      expect(x1 - x0).toBeGreaterThan(200);
      const bg = png.data.slice(at(png, x0 - 5, y0), at(png, x0 - 5, y0) + 4);
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x < x0 + 2; x++) png.data.set(bg, at(png, x, y));
        for (let x = x1 + 1; x <= x1 + 2; x++) png.data.set(MAGENTA.concat(255), at(png, x, y));
      }
    });
    const r = comparePng(approved, moved);
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/pixels differ/);
  });

  it('fails when the screen changes size', () => {
    const small = new PNG({ width: 800, height: 600 });
    expect(comparePng(approved, PNG.sync.write(small)).reason).toBe(
      'size 800×600, approved 1024×768',
    );
  });
});
