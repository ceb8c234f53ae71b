import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const PX_PER_MM = 96 / 25.4;

/** The roll's page length for this content (mm): its height now, plus 2 mm so nothing is cut. */
export function pageHeightMm(el: Element): number {
  const h = el.getBoundingClientRect().height;
  return h > 0 ? Math.ceil(h / PX_PER_MM) + 2 : 0;
}

/**
 * What the page prints: a direct child of <body>, laid out off-screen at the roll's width, the
 * only thing visible in print. Its `@page` is the roll's width by the content's own height, with
 * no margin, so a 58/80 mm printer (and a PDF of it) gets it at 100 % on one page, not scaled to
 * A4. The height follows the content (a ResizeObserver), so the page never cuts it.
 */
export function PrintArea({ widthMm, children }: { widthMm: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [heightMm, setHeightMm] = useState(150);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const h = pageHeightMm(el);
      if (h > 0) setHeightMm(h);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return createPortal(
    <div
      className="print-area"
      ref={ref}
      style={{ width: `${widthMm}mm` }}
      data-height-mm={heightMm}
      aria-hidden="true"
    >
      <style>{`@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`}</style>
      {children}
    </div>,
    document.body,
  );
}
