import { csvCell, csvMoney } from '../../../shared/domain/charges-csv';
import type { ShopView } from '../../../shared/shop-view';
import { formatCsvDateTime } from '../../i18n/dates';

type T = (key: string, o?: Record<string, unknown>) => string;
type Sale = ShopView['sales'][number];

/** The day's sales as a table: the columns, then one line per sale (screen and CSV alike). */
export const saleColumns = (t: T) => [
  t('shop.time'),
  t('shop.terminal'),
  t('shop.operator'),
  t('shop.status'),
  t('shop.amount'),
  t('shop.received'),
  t('shop.payer'),
];

/** Loja's sales as a spreadsheet: the charges' CSV conventions (BOM, `;`, CRLF, 12,34). */
export function salesCsv(sales: readonly Sale[], t: T): string {
  const lines = [
    saleColumns(t),
    ...sales.map((s) => [
      formatCsvDateTime(s.createdAt),
      s.terminalName,
      s.operatorName ?? t('shop.nobody'),
      t(`status.${s.status}`),
      csvMoney(s.amountCents),
      s.receivedCents === undefined ? '' : csvMoney(s.receivedCents),
      s.payer ?? '',
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
