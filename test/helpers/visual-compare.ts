import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * How far a screenshot may stray from its approved baseline: antialiasing and subpixel noise, not
 * layout. pixelmatch's `threshold` (0.1, its default) is the colour distance under which two
 * pixels count as equal, and its antialiasing detection (includeAA false) skips edge pixels that
 * only shifted shade; what is left may be at most 0.05 % of the screen (393 px at 1024×768),
 * never under 100 px. A QR moved by 2 px differs in more than 1,000.
 */
export const TOLERANCE = { threshold: 0.1, ratio: 0.0005, floor: 100 };

export interface Comparison {
  ok: boolean;
  /** Pixels that differ beyond the threshold (not counting antialiasing). */
  diffPixels: number;
  allowed: number;
  /** Why it failed, in words; absent when ok. */
  reason?: string;
  /** The baseline faded, the differing pixels red (absent when the sizes differ). */
  diffPng?: Buffer;
}

/** Compares a screenshot with its approved baseline (both PNG files' bytes). */
export function comparePng(baseline: Buffer, actual: Buffer): Comparison {
  const a = PNG.sync.read(baseline);
  const b = PNG.sync.read(actual);
  const allowed = Math.max(TOLERANCE.floor, Math.round(a.width * a.height * TOLERANCE.ratio));
  if (a.width !== b.width || a.height !== b.height)
    return {
      ok: false,
      diffPixels: Number.POSITIVE_INFINITY,
      allowed,
      reason: `size ${b.width}×${b.height}, approved ${a.width}×${a.height}`,
    };
  const diff = new PNG({ width: a.width, height: a.height });
  const diffPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: TOLERANCE.threshold,
    includeAA: false,
  });
  const ok = diffPixels <= allowed;
  return {
    ok,
    diffPixels,
    allowed,
    diffPng: PNG.sync.write(diff),
    ...(ok ? {} : { reason: `${diffPixels} pixels differ (at most ${allowed} allowed)` }),
  };
}
