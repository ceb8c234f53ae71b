import { csvCell, csvMoney } from '../../../shared/domain/charges-csv';
import type { ClosingPrint } from '../../../shared/history';
import type { ShiftSummaryDto } from '../../../shared/operators';
import { formatDateTime } from '../../i18n/dates';

type T = (key: string, o?: Record<string, unknown>) => string;

/**
 * Fechar turno as rows of words, counts and amounts: the screen, the thermal paper and the CSV
 * show the same rows (one list, so they cannot disagree).
 */
export function shiftRows(
  s: ShiftSummaryDto,
  t: T,
): Array<{ label: string; count?: number; cents: number }> {
  const row = (label: string, b: { count: number; amountCents: number }) => ({
    label,
    count: b.count,
    cents: b.amountCents,
  });
  return [
    row(t('operators.sales'), s.sales),
    row(t('operators.paid'), s.paid),
    row(t('closing.canceled'), s.canceled),
    row(t('closing.expired'), s.expired),
    row(t('operators.open'), s.open),
    row(t('closing.failed'), s.failed),
    row(t('operators.refunds'), s.refunds),
    { label: t('closing.fees'), cents: s.feeCents },
    { label: t('closing.net'), cents: s.netCents },
  ];
}

const nameOf = (s: ShiftSummaryDto) => s.operatorName ?? s.operatorId.slice(0, 8);

/** The heading lines: whose shift, where, from when to when. */
function heading(s: ShiftSummaryDto, shopName: string, t: T): string[] {
  return [
    t('operators.summary', { name: nameOf(s) }),
    shopName,
    `${t('closing.terminal')} ${s.terminalId.slice(0, 8)}`,
    `${t('operators.openedAt')} ${formatDateTime(s.openedAt)}`,
    ...(s.closedAt === null ? [] : [`${t('operators.closedAt')} ${formatDateTime(s.closedAt)}`]),
  ];
}

/** The shift's closing on the thermal printer (`printer:printClosing` lays it out in ESC/POS). */
export function shiftPrint(s: ShiftSummaryDto, shopName: string, t: T): ClosingPrint {
  return {
    heading: heading(s, shopName, t),
    sections: [{ title: t('closing.live'), rows: shiftRows(s, t) }],
    footer:
      s.feeUnknownCount > 0
        ? t('operators.feeUnknown', { count: s.feeUnknownCount })
        : `${t('closing.generatedAt')} ${formatDateTime(s.closedAt ?? s.openedAt)}`,
  };
}

/** The shift's closing as a pt-BR spreadsheet (same conventions as the day's closing CSV). */
export function shiftCsv(s: ShiftSummaryDto, shopName: string, t: T): string {
  const lines: string[][] = [
    ...heading(s, shopName, t).map((h) => [h]),
    [],
    ['', t('history.count'), t('history.total')],
    ...shiftRows(s, t).map((r) => [
      r.label,
      r.count === undefined ? '' : String(r.count),
      csvMoney(r.cents),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
