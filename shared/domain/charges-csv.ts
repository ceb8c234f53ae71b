import type { ChargeState } from './charge-state';
import type { CobvTerms } from './cobv';
import { isReceived, netOf, receivedOf } from './day-closing';

/**
 * The Histórico export, as a Brazilian spreadsheet opens it: `;` between cells, decimal comma,
 * UTF-8 with a BOM (so Excel reads the accents), CRLF lines.
 */
export interface CsvCharge {
  externalId: string;
  pspTransactionId?: string;
  createdAt: number;
  amountCents: number;
  /** What the PSP says was paid (PAID_DIFFERENT_AMOUNT: not the amount charged). */
  receivedCents?: number;
  feeCents?: number;
  /** What devoluções gave back (done), when any: the net subtracts it. */
  refundedCents?: number;
  status: ChargeState;
  flags: readonly string[];
  demo: boolean;
  description?: string;
  payerName?: string;
  payerDocumentMasked?: string;
  /** Enviar cobrança's sends (how, to whom, when), oldest first. */
  shares?: readonly CsvShare[];
  /** Who rang it (issue 36), in a shop with operators. */
  operatorName?: string;
  /** `Com vencimento`: its terms (shared/domain/cobv.ts). */
  dueTerms?: CobvTerms;
}

export interface CsvShare {
  via: 'whatsapp' | 'email';
  to?: string;
  at: number;
}

const VIA_NAMES: Record<CsvShare['via'], string> = { whatsapp: 'WhatsApp', email: 'E-mail' };

/** `WhatsApp para +5511… em dd/mm/aaaa hh:mm:ss | E-mail em …` (no recipient: chosen in the app). */
export function csvShares(
  shares: readonly CsvShare[] | undefined,
  dateTime: (ms: number) => string = csvDateTime,
  /** One send in the chosen language (`via`, `to` if any, `when`); pt-BR's when absent. */
  words: CsvLabels['share'] = (p) => `${p.via}${p.to ? ` para ${p.to}` : ''} em ${p.when}`,
): string {
  return (shares ?? [])
    .map((s) => words({ via: VIA_NAMES[s.via], when: dateTime(s.at), ...(s.to && { to: s.to }) }))
    .join(' | ');
}

export interface CsvLabels {
  status(s: ChargeState): string;
  yes: string;
  no: string;
  /** A date and time in the chosen language (the renderer's locale); pt-BR's when absent. */
  dateTime?: (ms: number) => string;
  /** The column names in the chosen language, in CSV_COLUMNS' order; pt-BR's when absent. */
  header?: readonly string[];
  /** The name of the last column, "Operador", in a shop with operators (issue 36). */
  operatorHeader?: string;
  /** `Vencimento`: its column name and a charge's terms in words (pt-BR's when absent). */
  dueHeader?: string;
  dueTerms?: (t: CobvTerms) => string;
  /** One send (`Envios` column) in the chosen language; pt-BR's when absent. */
  share?: (p: { via: string; to?: string; when: string }) => string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount as csvMoney writes it: a number, never a formula, so it stays summable. */
const NEGATIVE_NUMBER = /^-\d+(,\d+)?$/;

/**
 * One cell. OWASP "CSV injection": a cell that begins with `=`, `+`, `-`, `@`, tab or CR is
 * prefixed with `'` (so a spreadsheet shows it as text instead of running it) and quoted; any
 * cell holding the separator, a quote or a line break is quoted with its quotes doubled. A
 * negative amount alone (`-5,00`, a fee above what arrived) is a number and is left as one.
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return text !== value || /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** 1234 → `12,34` (no thousands separator: spreadsheets read it as a number). */
export function csvMoney(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Local date and time, `dd/mm/aaaa hh:mm:ss`. */
export function csvDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The columns, in order: the renderer names each in the chosen language (`csvColumns.<id>`). */
export const CSV_COLUMNS = [
  'id',
  'pspId',
  'dateTime',
  'amount',
  'received',
  'fee',
  'net',
  'status',
  'late',
  'demo',
  'description',
  'payer',
  'document',
  'shares',
] as const;

/** Their pt-BR names (the default when no header is given). */
export const CSV_HEADER = [
  'ID da cobrança',
  'ID no PSP',
  'Data/hora',
  'Valor (R$)',
  'Recebido (R$)',
  'Taxa (R$)',
  'Líquido (R$)',
  'Situação',
  'Pagamento tardio',
  'DEMO',
  'Descrição',
  'Pagador',
  'Documento',
  'Envios',
] as const;

/**
 * `withOperator`: the shop has operators, so a last column says who rang each sale; without,
 * the file is as it always was.
 */
export function chargesCsv(
  charges: readonly CsvCharge[],
  labels: CsvLabels,
  withOperator = false,
): string {
  const dateTime = labels.dateTime ?? csvDateTime;
  // Com vencimento's terms: a column only when the export holds such a charge.
  const withDue = charges.some((c) => c.dueTerms);
  const dueWords = labels.dueTerms ?? ((t: CobvTerms) => t.dueDate.split('-').reverse().join('/'));
  const rows = charges.map((c) => {
    // What arrived (another amount than charged, in PAID_DIFFERENT_AMOUNT); net is from it.
    const received = isReceived(c) ? receivedOf(c) : undefined;
    return [
      c.externalId,
      c.pspTransactionId ?? '',
      dateTime(c.createdAt),
      csvMoney(c.amountCents),
      received !== undefined ? csvMoney(received) : '',
      c.feeCents !== undefined ? csvMoney(c.feeCents) : '',
      received !== undefined ? csvMoney(netOf(c)) : '',
      labels.status(c.status),
      c.flags.includes('LATE_PAYMENT') ? labels.yes : labels.no,
      c.demo ? labels.yes : labels.no,
      c.description ?? '',
      c.payerName ?? '',
      c.payerDocumentMasked ?? '',
      csvShares(c.shares, dateTime, labels.share),
      ...(withOperator ? [c.operatorName ?? ''] : []),
      ...(withDue ? [c.dueTerms ? dueWords(c.dueTerms) : ''] : []),
    ];
  });
  // Last, so no other column moves (`csvColumns.operator`; pt-BR's when not given).
  const columns = [
    ...(labels.header ?? CSV_HEADER),
    ...(withOperator ? [labels.operatorHeader ?? 'Operador'] : []),
    ...(withDue ? [labels.dueHeader ?? 'Vencimento'] : []),
  ];
  return `\uFEFF${[[...columns], ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
