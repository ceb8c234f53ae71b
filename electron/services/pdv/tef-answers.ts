import { asciiText, formatIntPos } from './intpos';

/**
 * The answer files Balcão writes (`resp/IntPos.001`), as docs/pdv-integration.md sets them out:
 * `009-000 = 0` approved, any other value denied, `030-000` the operator's message (40 ASCII
 * characters), receipt lines `029-xxx` in double quotes.
 */

/** Why a request was denied, as the `009-000` value Balcão sends (docs: "Denial codes"). */
export const DENIAL = { notPaid: '1', refused: '2', unsupported: '3' } as const;
export type DenialCode = (typeof DENIAL)[keyof typeof DENIAL];

const RECEIPT_WIDTH = 40;

/** `DDMMAAAA` and `hhmmss` in the machine's local time (the PDV prints them as they are). */
export function receiptDate(at: number): { date: string; time: string; shown: string } {
  const d = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${p(d.getDate())}${p(d.getMonth() + 1)}${d.getFullYear()}`;
  const time = `${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
  return {
    date,
    time,
    shown: `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`,
  };
}

/** `R$ 1.234,56`, in ASCII (no non-breaking space). */
export function reais(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${whole},${String(cents % 100).padStart(2, '0')}`;
}

/** A label and a long value: as many 40-column lines as it takes, nothing cut off. */
function labelled(label: string, value: string): string[] {
  const text = asciiText(`${label}${value}`, 400);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += RECEIPT_WIDTH) out.push(text.slice(i, i + RECEIPT_WIDTH));
  return out;
}

function receiptFields(lines: string[]): Array<[string, string]> {
  return [
    ['028-000', String(lines.length)],
    ...lines.map(
      (l, i) =>
        [`029-${String(i + 1).padStart(3, '0')}`, `"${asciiText(l, RECEIPT_WIDTH)}"`] as [
          string,
          string,
        ],
    ),
  ];
}

export interface Echo {
  command: string;
  identifier: string;
  document?: string;
}

const echo = (e: Echo): Array<[string, string]> => [
  ['000-000', asciiText(e.command, 3)],
  ['001-000', asciiText(e.identifier, 10)],
  ...(e.document ? ([['002-000', asciiText(e.document, 12)]] as Array<[string, string]>) : []),
];

/** A denial: the status code and the reason in words for the operator. */
export function deniedAnswer(e: Echo, code: DenialCode, message: string, amountCents?: number) {
  return formatIntPos([
    ...echo(e),
    ...(amountCents !== undefined && amountCents >= 0
      ? ([
          ['003-000', String(amountCents)],
          ['004-000', '0'],
        ] as Array<[string, string]>)
      : []),
    ['009-000', code],
    ['028-000', '0'],
    ['030-000', asciiText(message, 40)],
  ]);
}

export interface PaidSale {
  amountCents: number;
  nsu: string;
  /** Our external id: the `027-000` control code. */
  externalId: string;
  pspTransactionId?: string;
  endToEndId?: string;
  paidAt: number;
  shopName: string;
  terminalName: string;
  /** Who rang it (issue 36): a receipt line `OPERADOR: ...`, the file's own free text. */
  operatorName?: string;
  /** A DEMO sale: its receipt lines say it proves no payment. */
  demo?: boolean;
}

/** The DEMO mark on a PDV's receipt (its lines are plain ASCII capitals). */
export const DEMO_RECEIPT_LINE = 'DEMONSTRACAO - SEM VALOR';

/** The PIX receipt the PDV prints: who, when, how much, and every id the payer may be asked for. */
export function pixReceipt(e: Echo, s: PaidSale): string[] {
  const when = receiptDate(s.paidAt);
  const demo = s.demo ? [DEMO_RECEIPT_LINE] : [];
  return [
    ...demo,
    'COMPROVANTE DE PAGAMENTO PIX',
    asciiText(s.shopName, RECEIPT_WIDTH),
    asciiText(s.terminalName, RECEIPT_WIDTH),
    ...(s.operatorName ? labelled('OPERADOR: ', s.operatorName) : []),
    `DATA: ${when.shown}`,
    `VALOR: ${reais(s.amountCents)}`,
    ...(s.endToEndId ? labelled('E2E: ', s.endToEndId) : []),
    ...(s.pspTransactionId ? labelled('ID PSP: ', s.pspTransactionId) : []),
    ...labelled('REF: ', s.externalId),
    `NSU: ${s.nsu}`,
    ...labelled('PDV: ', e.identifier + (e.document ? ` DOC ${e.document}` : '')),
    ...demo,
  ];
}

/** How an approved answer (`009-000 = 0`) opens: the echo, the amount in PIX, its NSU and time. */
function approvedHead(e: Echo, amountCents: number, nsu: string, at: number) {
  const when = receiptDate(at);
  return [
    ...echo(e),
    ['003-000', String(amountCents)],
    ['004-000', '0'],
    ['009-000', '0'],
    ['010-000', 'PIX'],
    ['012-000', nsu],
    ['022-000', when.date],
    ['023-000', when.time],
  ] satisfies Array<[string, string]>;
}

/** The approved CRT answer; it asks for CNF (`729-000 = 2`). */
export function approvedAnswer(e: Echo, s: PaidSale): string {
  return formatIntPos([
    ...approvedHead(e, s.amountCents, s.nsu, s.paidAt),
    ['027-000', asciiText(s.externalId, 60)],
    ...receiptFields(pixReceipt(e, s)),
    ['030-000', s.demo ? 'PIX RECEBIDO (DEMONSTRACAO)' : 'PIX RECEBIDO'],
    ['729-000', '2'],
    ['730-000', '1'],
    ['731-000', '0'],
    ['732-000', '1'],
  ]);
}

/** The CNC answer: the sale is canceled here and its money is due back to the payer. */
export function cancelAnswer(
  e: Echo,
  o: { amountCents: number; nsu: string; originalNsu: string; originalAt: number; at: number },
) {
  const original = receiptDate(o.originalAt);
  return formatIntPos([
    ...approvedHead(e, o.amountCents, o.nsu, o.at),
    ['025-000', o.originalNsu],
    ['026-000', `${original.date.slice(0, 4)}${original.time}`],
    ...receiptFields([
      'CANCELAMENTO DE VENDA PIX',
      `VALOR: ${reais(o.amountCents)}`,
      `NSU ORIGINAL: ${o.originalNsu}`,
      'DEVOLUCAO DO PIX PENDENTE:',
      'O LOJISTA DEVOLVE PELO PSP',
    ]),
    ['030-000', 'CANCELADA: DEVOLVER O PIX'],
    ['730-000', '51'],
  ]);
}
