import { csvCell, csvMoney } from '../../../shared/domain/charges-csv';
import type { ClosingPrint, DayClosingView } from '../../../shared/history';
import { formatDateTime, formatDay } from '../../i18n/dates';

type Section = DayClosingView['live'];

/** One line of a closing; `always`: shown on screen even at zero (the rest only when not zero). */
export interface ClosingRow {
  label: string;
  count?: number;
  cents: number;
  always?: boolean;
}

/** What the screen shows before "every line" is asked for: the three always, the rest if not zero. */
export const isShownBrief = (r: ClosingRow) =>
  r.always === true || (r.count ?? 0) > 0 || r.cents !== 0;

/** The closing as rows of words and amounts (the printed and exported closing share them). */
export function closingRows(s: Section, t: (key: string) => string): ClosingRow[] {
  return [
    {
      label: t('closing.received'),
      count: s.received.count,
      cents: s.received.amountCents,
      always: true,
    },
    { label: t('closing.late'), count: s.received.lateCount, cents: s.received.lateAmountCents },
    {
      label: t('closing.createdOtherDay'),
      count: s.received.createdOtherDayCount,
      cents: s.received.createdOtherDayAmountCents,
    },
    // Paid another amount than charged: what arrived (counted in Recebido), then what was asked.
    {
      label: t('closing.different'),
      count: s.received.differentCount,
      cents: s.received.differentReceivedCents,
    },
    { label: t('closing.differentCharged'), cents: s.received.differentChargedCents },
    { label: t('closing.fees'), cents: s.received.feeCents },
    // Refunds of the day come off the net, whatever day the charge was paid.
    { label: t('closing.refunded'), count: s.refunded.count, cents: s.refunded.amountCents },
    { label: t('closing.net'), cents: s.received.netCents, always: true },
    {
      label: t('closing.paidOtherDay'),
      count: s.paidOtherDay.count,
      cents: s.paidOtherDay.amountCents,
    },
    { label: t('closing.pending'), count: s.pending.count, cents: s.pending.amountCents },
    { label: t('closing.uncertain'), count: s.uncertain.count, cents: s.uncertain.amountCents },
    { label: t('closing.failed'), count: s.failed.count, cents: s.failed.amountCents },
    { label: t('closing.expired'), count: s.expired.count, cents: s.expired.amountCents },
    { label: t('closing.canceled'), count: s.canceled.count, cents: s.canceled.amountCents },
    {
      label: t('closing.total'),
      count: s.total.count,
      cents: s.total.amountCents,
      always: true,
    },
  ];
}

/** A section with anything in it: charges created this day, or money that moved this day. */
export const hasAny = (s: Section) => s.total.count + s.received.count + s.refunded.count > 0;

/** An operator's block title: her name, or "Sem operador" for sales nobody was at the counter for. */
export const partName = (
  p: { operatorName: string | null },
  t: (key: string, params?: Record<string, string>) => string,
) =>
  p.operatorName === null
    ? t('closing.noOperator')
    : t('closing.operatorBlock', { name: p.operatorName });

/** With operators: each operator's, then each terminal's, block (title, its section). */
const parts = (c: DayClosingView, t: (key: string, params?: Record<string, string>) => string) => [
  ...(c.byOperator ?? []).map((p) => ({ title: partName(p, t), s: p.live })),
  ...(c.byTerminal ?? []).map((p) => ({
    title: `${t('closing.terminal')} ${p.terminalName}`,
    s: p.live,
  })),
];

/** The closing on paper, line by line: what the screen prints, for the thermal printer. */
export function closingPrint(
  c: DayClosingView,
  t: (key: string, params?: Record<string, string>) => string,
): ClosingPrint {
  const sections: ClosingPrint['sections'] = [
    { title: t('closing.live'), rows: closingRows(c.live, t) },
    // Per operator and terminal on paper: what is not zero (the whole above has every line).
    ...parts(c, t).map((p) => ({
      title: p.title,
      rows: closingRows(p.s, t).filter(isShownBrief),
    })),
  ];
  if (hasAny(c.demo)) sections.push({ title: t('closing.demo'), rows: closingRows(c.demo, t) });
  sections.push({
    title: t('closing.withdrawals'),
    rows: (['completed', 'processing', 'failed', 'total'] as const).map((k) => ({
      label: t(`closing.w_${k}`),
      count: c.withdrawals[k].count,
      cents: c.withdrawals[k].amountCents,
    })),
  });
  // DEMO withdrawals apart, only when there is one (issue 34).
  if (c.demoWithdrawals.total.count > 0)
    sections.push({
      title: t('closing.demoWithdrawals'),
      rows: (['completed', 'processing', 'failed', 'total'] as const).map((k) => ({
        label: t(`closing.w_${k}`),
        count: c.demoWithdrawals[k].count,
        cents: c.demoWithdrawals[k].amountCents,
      })),
    });
  return {
    heading: [
      `${t('history.closeDay')} — ${formatDay(c.day)}`,
      c.shopName,
      `${t('closing.terminal')} ${c.terminalName} (${c.terminalId.slice(0, 8)})`,
    ],
    sections,
    footer: `${t('closing.generatedAt')} ${formatDateTime(c.generatedAt)}`,
  };
}

/** The day's closing as a spreadsheet (same conventions as the charges' CSV; the day in the chosen locale). */
export function closingCsv(
  c: DayClosingView,
  t: (key: string, params?: Record<string, string>) => string,
): string {
  const lines: string[][] = [
    [t('closing.terminal'), c.terminalName, c.terminalId],
    [t('history.day'), formatDay(c.day)],
    [],
    ['', t('history.count'), t('history.total')],
  ];
  const section = (title: string, s: Section) => {
    lines.push([title]);
    for (const r of closingRows(s, t))
      lines.push([r.label, r.count === undefined ? '' : String(r.count), csvMoney(r.cents)]);
    lines.push([]);
  };
  section(t('closing.live'), c.live);
  for (const p of parts(c, t)) section(p.title, p.s);
  section(t('closing.demo'), c.demo);
  lines.push([t('closing.withdrawals')]);
  for (const [key, b] of Object.entries(c.withdrawals))
    lines.push([t(`closing.w_${key}`), String(b.count), csvMoney(b.amountCents)]);
  lines.push([], [t('closing.demoWithdrawals')]);
  for (const [key, b] of Object.entries(c.demoWithdrawals))
    lines.push([t(`closing.w_${key}`), String(b.count), csvMoney(b.amountCents)]);
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
