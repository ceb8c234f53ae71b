import { bridge, describeError } from '../../bridge';

/** The printed content's height (mm), as the print area measured it: the roll's page length. */
export function printedHeightMm(): number | undefined {
  const h = Number(document.querySelector<HTMLElement>('.print-area')?.dataset.heightMm);
  return Number.isFinite(h) && h > 0 ? h : undefined;
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
