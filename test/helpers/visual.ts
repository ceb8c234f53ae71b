import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS } from './browser';
import { comparePng } from './visual-compare';

/** The shop screens the Caixa must fit at a glance (issue 34). */
export const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
/** The three sizes every changed screen is looked at (the guide's 1024×768, 1366×768, 1920×1080). */
export const LOOKED_AT = VIEWPORTS.filter((v) => v.width !== 1280);
export type Viewport = { width: number; height: number };
export const sizeName = (v: Viewport) => `${v.width}x${v.height}`;

/**
 * The page's time zone moved so its clock reads a morning hour of the same day: an English time
 * is 'AM' all run long, as it was when the baselines were approved ('PM' is wider and moved the
 * columns of every table with a time in it, behind the mask). The date does not change, so
 * Histórico's day still holds the sales of the run.
 */
export async function morningClock(page: Page) {
  const h = new Date().getHours();
  const east = Math.min(12, Math.max(0, h - 2)); // hours west of the host's zone, 0..12
  const offset = -new Date().getTimezoneOffset() / 60 - east;
  const timezoneId =
    offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId });
}

/** Approved screenshots, committed; `npm run visual:approve` rewrites them from this run. */
export const BASELINES = path.resolve(import.meta.dirname, '../e2e/visual/baselines');
/** This run's screenshots and diffs, for review (CI keeps test/e2e/artifacts). */
export const VISUAL_OUT = path.join(ARTIFACTS, 'visual');
const approving = process.env.BALCAO_VISUAL_APPROVE === '1';
/** In an approval: the baselines as they were before it (scripts/visual-approve.mjs moved them). */
const approvedBefore = new Map<string, Buffer>();
const previous = process.env.BALCAO_VISUAL_PREVIOUS;
if (approving && previous && existsSync(previous))
  for (const f of readdirSync(previous))
    approvedBefore.set(path.join(BASELINES, f), readFileSync(path.join(previous, f)));

/**
 * What differs on every run, drawn as flat magenta boxes in place (under a dialog's backdrop
 * too): the QR of a new charge, its code, a countdown, ids. A box that moves still fails.
 */
const CHANGING_STYLE = `
img.qr { object-position: -10000px 0; background: #ff00ff !important; }
.copia-e-cola, .countdown, td.mono, dd.mono {
  color: transparent !important; background: #ff00ff !important; border-color: #ff00ff !important;
}`;

/**
 * The viewport (a page) or one element (a dialog) as a person sees it, kept as `<name>.png` and
 * compared with its approved baseline (soft: every screen of a run is compared and reported).
 * `mask`: more that changes every run (times), painted over in the same colour.
 */
export async function matchesBaseline(
  target: Page | Locator,
  name: string,
  mask: Locator[] = [],
  /** Kept for review, not compared (screens another area owns, to keep baselines few). */
  opts: { artifactOnly?: boolean } = {},
) {
  mkdirSync(VISUAL_OUT, { recursive: true });
  const png = await target.screenshot({
    mask,
    maskColor: '#ff00ff',
    style: CHANGING_STYLE,
    animations: 'disabled',
    caret: 'hide',
  });
  writeFileSync(path.join(VISUAL_OUT, `${name}.png`), png);
  if (opts.artifactOnly) return;
  const baseline = path.join(BASELINES, `${name}.png`);
  if (approving) {
    mkdirSync(BASELINES, { recursive: true });
    // A screen that still matches keeps its file: an approval rewrites only what changed.
    const kept = approvedBefore.get(baseline);
    writeFileSync(baseline, kept && comparePng(kept, png).ok ? kept : png);
    return;
  }
  if (!existsSync(baseline)) {
    expect
      .soft(
        'missing',
        `${name}: no approved baseline; look at ${VISUAL_OUT}/${name}.png, then npm run visual:approve`,
      )
      .toBe('approved');
    return;
  }
  const r = comparePng(readFileSync(baseline), png);
  if (r.diffPng) writeFileSync(path.join(VISUAL_OUT, `${name}.diff.png`), r.diffPng);
  expect
    .soft(r.reason ?? 'as approved', `${name} against its approved baseline`)
    .toBe('as approved');
}

/** The README's pictures (docs/screenshots), written only when baselines are approved. */
const README_SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** In `npm run visual:approve`: the page as it is (nothing masked) as docs/screenshots/`file`.png. */
export async function readmeShot(page: Page, file: string) {
  if (!approving) return;
  await page.screenshot({ path: path.join(README_SHOTS, `${file}.png`), caret: 'hide' });
}

/**
 * What a person would call broken on the page as it is now: a horizontal scroll bar, two
 * things drawn over each other, text cut without an ellipsis or without its full value in a
 * title, an empty field's placeholder cut. With a dialog open, only the dialog is looked at (the backdrop covers the rest).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // Run through tsx (esbuild's keepNames) the function below calls a `__name` helper that the
  // page lacks: give it one that does nothing.
  await page.evaluate('window.__name ??= (f) => f');
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      problems.push(`horizontal scroll: ${doc.scrollWidth} px wide in ${doc.clientWidth}`);
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    const scope = dialogs.at(-1) ?? document.body;
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent ?? (e as HTMLInputElement).value ?? '').trim().slice(0, 40)}"`;
    const hidden = (e: Element) => {
      // A closed <details>' content keeps its boxes but is not drawn.
      if (!e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
        return true;
      for (let n: Element | null = e; n; n = n.parentElement) {
        const s = getComputedStyle(n);
        if (s.visibility === 'hidden' || s.display === 'none') return true;
        if (n.classList.contains('sr-only') || n.classList.contains('print-area')) return true;
      }
      return false;
    };
    /** The part of `e` not clipped by a scrolling or clipping ancestor. */
    const visibleRect = (e: Element) => {
      const r = e.getBoundingClientRect();
      let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
      for (let n = e.parentElement; n; n = n.parentElement) {
        const s = getComputedStyle(n);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = n.getBoundingClientRect();
        [l, t, rt, b] = [
          Math.max(l, c.left),
          Math.max(t, c.top),
          Math.min(rt, c.right),
          Math.min(b, c.bottom),
        ];
      }
      return { l, t, r: rt, b };
    };
    const sticky = (e: Element) => {
      for (let n: Element | null = e; n && n !== scope; n = n.parentElement)
        if (getComputedStyle(n).position === 'sticky') return true;
      return false;
    };
    const items = [
      ...scope.querySelectorAll(
        'button, input, select, textarea, img, label, h1, h2, h3, p, legend, [role="status"], th, td, dt, dd, .badge-demo, .brand, .shop',
      ),
    ].filter((e) => !hidden(e) && !sticky(e));
    const boxes = items
      .map((e) => ({ e, r: visibleRect(e) }))
      .filter(({ r }) => r.r - r.l > 1 && r.b - r.t > 1);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
        const w = Math.min(a.r.r, b.r.r) - Math.max(a.r.l, b.r.l);
        const h = Math.min(a.r.b, b.r.b) - Math.max(a.r.t, b.r.t);
        if (w > 2 && h > 2) problems.push(`overlap: ${name(a.e)} and ${name(b.e)}`);
      }
    for (const e of scope.querySelectorAll('*')) {
      if (hidden(e) || e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement) continue;
      const s = getComputedStyle(e);
      const clips = (v: string) => v === 'hidden' || v === 'clip';
      const cutX = clips(s.overflowX) && e.scrollWidth > e.clientWidth + 1;
      const cutY = clips(s.overflowY) && e.scrollHeight > e.clientHeight + 1;
      if (!cutX && !cutY) continue;
      if (!e.textContent?.trim()) continue;
      const ellipsis =
        s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
      if (!ellipsis || !e.getAttribute('title'))
        problems.push(
          `cut without ${ellipsis ? 'its full text in a title' : 'an ellipsis'}: ${name(e)}`,
        );
    }
    // An empty field's placeholder (e.g. Histórico's search hint) shown whole: the browser cuts
    // it without an ellipsis, and nothing shows the rest.
    const ctx = document.createElement('canvas').getContext('2d')!;
    for (const e of scope.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (hidden(e) || e.value || !e.placeholder.trim()) continue;
      const s = getComputedStyle(e);
      ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (ctx.measureText(e.placeholder).width > room + 1)
        problems.push(`placeholder cut: ${name(e)} "${e.placeholder}"`);
    }
    return problems;
  });
}

/** How many lines the menu takes (1: every item's top where the first's is, Bloquear included). */
export async function navLines(page: Page): Promise<number> {
  const tops = await page
    .locator('.nav .nav-item')
    .evaluateAll((items) => items.map((e) => Math.round(e.getBoundingClientRect().top)));
  return new Set(tops).size;
}

/** Each locator's box lies whole inside the viewport, and the page is not scrolled. */
export async function inViewWithoutScrolling(page: Page, parts: Record<string, Locator>) {
  const view = page.viewportSize()!;
  const out: string[] = [];
  const scrolled = await page.evaluate(() => window.scrollY);
  if (scrolled) out.push(`the page is scrolled ${scrolled} px down`);
  for (const [what, loc] of Object.entries(parts)) {
    const box = await loc.boundingBox();
    if (!box) out.push(`${what}: not shown`);
    else if (
      box.x < 0 ||
      box.y < 0 ||
      box.x + box.width > view.width + 0.5 ||
      box.y + box.height > view.height + 0.5
    )
      out.push(
        `${what}: ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} outside ${view.width}×${view.height}`,
      );
  }
  return out;
}
