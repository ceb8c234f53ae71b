import type { ChargeView } from '../../../shared/views';

/** pt-BR spreadsheet CSV: `;` separator, decimal comma, UTF-8 with BOM, quotes where needed. */
export function chargesCsv(charges: ChargeView[], statusLabel: (s: string) => string): string {
  const cell = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const money = (cents: number) =>
    `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = (ms: number) => {
    const d = new Date(ms);
    return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  };
  const header = [
    'Data/hora',
    'Situação',
    'Valor (R$)',
    'Taxa (R$)',
    'Descrição',
    'Pagador',
    'Documento',
    'Identificador',
  ];
  const rows = charges.map((c) => [
    when(c.createdAt),
    statusLabel(c.status),
    money(c.amountCents),
    c.feeCents !== undefined ? money(c.feeCents) : '',
    c.description ?? '',
    c.payerName ?? '',
    c.payerDocumentMasked ?? '',
    c.externalId,
  ]);
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}
