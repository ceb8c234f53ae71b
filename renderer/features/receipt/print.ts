import { bridge, describeError } from '../../bridge';

/**
 * `Imprimir`: straight to the ESC/POS thermal printer when one is configured; otherwise the
 * system print dialog (`openDialog` renders the receipt first, then calls window.print()).
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
