import type { ReceiptLabels } from '../../../shared/history';
import { i18next, type TFunction } from '../../i18n';

/**
 * The thermal receipt's words in the app's language (the service prints them as given: services
 * speak codes, only the renderer has words). `t`: another language's, for tests and previews.
 */
export function receiptLabels(t: TFunction = i18next.t): ReceiptLabels {
  const w = (key: string) => String(t(key));
  return {
    title: w('receipt.title'),
    paidTitle: w('receipt.paidTitle'),
    paidAt: w('receipt.paidAt'),
    differentTitle: w('receipt.differentTitle'),
    charged: w('receipt.charged'),
    received: w('receipt.received'),
    id: w('receipt.id'),
    pspId: w('receipt.pspId'),
    copyPaste: w('cashier.copyPaste'),
    expires: w('receipt.expires'),
    charge: w('receipt.charge'),
    date: w('receipt.date'),
    demo: w('receipt.demo'),
    terminal: w('receipt.terminal'),
    operator: w('receipt.operator'),
  };
}
