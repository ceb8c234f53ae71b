import { formatBRL } from '../../../shared/domain/money';
import type { ClosingPrint } from '../../../shared/history';
import { cp860Printer } from './cp860-printer';
import { cp860Text } from './cp860-text';
import { PAPER } from './escpos-receipt';

/** A label and its figures on one line of the roll, or the label alone when both do not fit. */
function row(label: string, figures: string, width: number): string[] {
  const gap = width - label.length - figures.length;
  if (gap >= 1) return [label + ' '.repeat(gap) + figures];
  return [label.slice(0, width), figures.padStart(width)];
}

/**
 * Fechamento do dia as ESC/POS bytes: the same lines as the closing printed from the screen (the
 * renderer lays them out in the chosen language), in code page CP860, then a cut.
 */
export function escposClosing(doc: ClosingPrint, paperWidthMm: 58 | 80): Buffer {
  const width = PAPER[paperWidthMm].chars;
  const p = cp860Printer(width);
  p.alignCenter();
  p.bold(true);
  for (const line of doc.heading) p.println(line);
  p.bold(false);
  p.alignLeft();
  for (const s of doc.sections) {
    p.drawLine();
    p.bold(true);
    p.println(s.title);
    p.bold(false);
    for (const r of s.rows) {
      const figures = `${r.count === undefined ? '' : `${r.count}  `}${formatBRL(r.cents)}`;
      // Measured as printed (`…` is three characters on paper).
      for (const line of row(cp860Text(r.label), cp860Text(figures), width)) p.println(line);
    }
  }
  p.drawLine();
  p.println(doc.footer);
  p.cut();
  return p.getBuffer();
}
