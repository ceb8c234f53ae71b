import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { formatBRL } from '../../../shared/domain/money';
import type { ClosingPrint } from '../../../shared/history';
import { PAPER } from './escpos-receipt';

/**
 * Dashes CP860 lacks become '-': node-thermal-printer would otherwise switch the printer to
 * another code page for them (ESC t), which many Brazilian printers do not have.
 */
const plain = (s: string) => s.replace(/[\u2010-\u2015]/g, '-');

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
  const p = new ThermalPrinter({
    type: PrinterTypes.EPSON,
    interface: '',
    width,
    characterSet: CharacterSet.PC860_PORTUGUESE,
  });
  p.setBuffer(Buffer.from([0x1b, 0x40]));
  p.setCharacterSet(CharacterSet.PC860_PORTUGUESE);
  p.alignCenter();
  p.bold(true);
  for (const line of doc.heading) p.println(plain(line));
  p.bold(false);
  p.alignLeft();
  for (const s of doc.sections) {
    p.drawLine();
    p.bold(true);
    p.println(plain(s.title));
    p.bold(false);
    for (const r of s.rows) {
      const figures = `${r.count === undefined ? '' : `${r.count}  `}${formatBRL(r.cents)}`;
      for (const line of row(plain(r.label), figures, width)) p.println(line);
    }
  }
  p.drawLine();
  p.println(plain(doc.footer));
  p.cut();
  return p.getBuffer();
}
