import { bridge, describeError } from '../../bridge';
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
  const r = await bridge().printer.printReceipt({ id });
  if (r.ok) return null;
  if (r.code === 'PRINTER_NOT_ESCPOS') {
    openDialog();
    return null;
  }
  return describeError(r);
}
