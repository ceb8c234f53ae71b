import type { ClosingPrint } from '../../../shared/history';
import type { Result } from '../../../shared/result';
import { bridge, describeError } from '../../bridge';
import { receiptLabels } from './labels';
import { pageHeightMm } from './PrintArea';

/**
 * The printed content's height (mm), measured now rather than read from the print area's last
 * ResizeObserver callback, which may not have run yet for content that just changed.
 */
export function printedHeightMm(): number | undefined {
  const area = document.querySelector('.print-area');
  const h = area ? pageHeightMm(area) : 0;
  return h > 0 ? h : undefined;
}

/**
 * `Imprimir`: straight to the ESC/POS thermal printer when one is configured; otherwise the
 * host's print (`openDialog`: silent to the configured system printer in Electron, the dialog
 * elsewhere).
 * Resolves to an error text for the cashier, or null.
 */
export async function printReceipt(id: string, openDialog: () => void): Promise<string | null> {
  return settle(await bridge().printer.printReceipt({ id, labels: receiptLabels() }), openDialog);
}

/** `Fechamento do dia`: the same choice of printer as a receipt. */
export async function printClosing(
  doc: ClosingPrint,
  openDialog: () => void,
): Promise<string | null> {
  return settle(await bridge().printer.printClosing(doc), openDialog);
}

function settle(r: Result<unknown>, openDialog: () => void): string | null {
  if (r.ok) return null;
  if (r.code === 'PRINTER_NOT_ESCPOS') {
    openDialog();
    return null;
  }
  return describeError(r);
}
