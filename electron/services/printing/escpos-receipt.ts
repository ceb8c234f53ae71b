import QRCode from 'qrcode';
import { csvDateTime } from '../../../shared/domain/charges-csv';
import { isReceived, receivedOf } from '../../../shared/domain/day-closing';
import { formatBRL } from '../../../shared/domain/money';
import { receiptIssuedAt } from '../../../shared/domain/receipt-time';
import type { HistoryRow, ReceiptLabels } from '../../../shared/history';
import { cp860Printer } from './cp860-printer';
import { cp860Text } from './cp860-text';
import { escposQr } from './escpos-qr';

/** Thermal heads print 8 dots per mm (203 dpi); the printable width of each roll. */
const DOTS_PER_MM = 8;
export const PAPER = {
  58: { dots: 384, chars: 32 },
  80: { dots: 576, chars: 48 },
} as const;
export const QR_MIN_MM = 30;

/**
 * The module size (`GS ( k` function 167, 1–8 dots) that makes the QR at least 30 mm wide on
 * paper and still fit the roll. The printer encodes the payload in byte mode at level M, so the
 * symbol's size is computed the same way.
 */
export function qrModuleDots(payload: string, paperWidthMm: 58 | 80): number {
  const modules = QRCode.create([{ data: new TextEncoder().encode(payload), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  }).modules.size;
  const wanted = Math.ceil((QR_MIN_MM * DOTS_PER_MM) / modules);
  const fits = Math.floor(PAPER[paperWidthMm].dots / modules);
  return Math.max(1, Math.min(8, wanted, fits));
}

export interface ReceiptInput {
  charge: HistoryRow;
  shopName: string;
  paperWidthMm: 58 | 80;
  /** The words, in the app's language (services speak codes: the renderer translates). */
  labels: ReceiptLabels;
  /** When it is printed (default now): the receipt's "Emitido em", never before its payment. */
  now?: number;
  /** Where and by whom it was rung (issue 36): printed when known and the labels name them. */
  terminalName?: string;
  operatorName?: string;
}

/** Splits the code, as printed, into whole lines of the roll's width (it has no spaces to break at). */
const chunks = (s: string, n: number) => cp860Text(s).match(new RegExp(`.{1,${n}}`, 'g')) ?? [];

/**
 * The receipt as ESC/POS bytes (Epson command set, which Brazilian thermal printers follow):
 * code page CP860 so ç/ã/é print right, the QR drawn by the printer itself (model 2, level M),
 * and a cut. A paid charge prints the `Comprovante` instead of the QR.
 */
export function escposReceipt({
  charge,
  shopName,
  paperWidthMm,
  labels: l,
  now = Date.now(),
  terminalName,
  operatorName,
}: ReceiptInput): Buffer {
  const width = PAPER[paperWidthMm].chars;
  // Every text below reaches the printer in CP860 (cp860Printer); the QR's data is bytes, as is.
  const p = cp860Printer(width);
  p.alignCenter();
  p.bold(true);
  p.println(shopName);
  // A DEMO charge's paper says so at both ends: it proves no payment.
  if (charge.demo) p.println(l.demo);
  p.bold(false);
  const paid = isReceived(charge);
  p.println(paid ? l.paidTitle : l.title);
  const different = charge.status === 'PAID_DIFFERENT_AMOUNT';
  // Paid another amount: it says so, prints what arrived large, then both amounts.
  if (different) {
    p.bold(true);
    p.println(l.differentTitle);
    p.bold(false);
  }
  p.setTextQuadArea();
  p.println(formatBRL(different ? receivedOf(charge) : charge.amountCents));
  p.setTextNormal();
  if (different) {
    p.println(`${l.charged}: ${formatBRL(charge.amountCents)}`);
    p.println(`${l.received}: ${formatBRL(receivedOf(charge))}`);
  }
  if (charge.description) p.println(charge.description);
  if (paid) {
    p.println(`${l.paidAt} ${csvDateTime(charge.paidAt ?? charge.updatedAt)}`);
    p.alignLeft();
    p.println(`${l.id}:`);
    for (const line of chunks(charge.externalId, width)) p.println(line);
    if (charge.pspTransactionId) {
      p.println(`${l.pspId}:`);
      for (const line of chunks(charge.pspTransactionId, width)) p.println(line);
    }
  } else if (charge.brcode) {
    p.newLine();
    p.append(escposQr(charge.brcode, { moduleDots: qrModuleDots(charge.brcode, paperWidthMm) }));
    p.newLine();
    p.alignLeft();
    p.println(`${l.copyPaste}:`);
    for (const line of chunks(charge.brcode, width)) p.println(line);
    p.println(`${l.expires} ${csvDateTime(charge.expiresAt)}`);
    p.println(`${l.charge}:`);
    for (const line of chunks(charge.externalId, width)) p.println(line);
  }
  p.println(`${l.date} ${csvDateTime(receiptIssuedAt(charge, now))}`);
  if (l.terminal && terminalName) p.println(`${l.terminal}: ${terminalName}`);
  if (l.operator && operatorName) p.println(`${l.operator}: ${operatorName}`);
  if (charge.demo) {
    p.alignCenter();
    p.bold(true);
    p.println(l.demo);
    p.bold(false);
  }
  p.cut();
  return p.getBuffer();
}
