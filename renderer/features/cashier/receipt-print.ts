import { useState } from 'react';
import { describeError } from '../../bridge';
import { printPage } from '../../print';
import { printedHeightMm, printReceipt } from '../receipt/print';

export interface ReceiptPrint {
  print(): void;
  error: string | null;
}

/**
 * `Imprimir` for the charge on screen: ESC/POS when a thermal printer is configured; otherwise
 * the host's print (silent to the configured system printer in Electron, the dialog elsewhere).
 * `error`: what went wrong, for the cashier, or null.
 */
export function useReceiptPrint(chargeId: string): ReceiptPrint {
  const [error, setError] = useState<string | null>(null);
  const print = async () => {
    const failed = await printReceipt(chargeId, () => {
      void printPage(printedHeightMm()).then((r) => setError(r.ok ? null : describeError(r)));
    });
    setError(failed);
  };
  return { print: () => void print(), error };
}
