import { describe, expect, it } from 'vitest';
import { shiftCsv, shiftPrint } from '../../../renderer/features/operators/shift-paper';
import { i18next } from '../../../renderer/i18n';
import { shiftSummary } from '../../../shared/domain/shift-summary';
import { closingPrintSchema } from '../../../shared/history';

// Fechar turno on paper and in the spreadsheet: the same rows as the screen, the operator named,
// amounts in pt-BR money, and a paper the thermal printer's contract accepts.
const t = i18next.t.bind(i18next);
const summary = {
  ...shiftSummary(
    [
      { status: 'PAID', amountCents: 1_234, feeCents: 12, flags: [], demo: false },
      { status: 'EXPIRED', amountCents: 500, flags: [], demo: false },
      { status: 'PAID', amountCents: 99_999, flags: [], demo: true },
    ],
    [],
    { id: 's1', operatorId: 'op-ana', terminalId: 'T1-abcdefgh', openedAt: 0, closedAt: 60_000 },
  ),
  operatorName: 'Ana',
};
const line = (csv: string, label: string) =>
  csv.split('\r\n').find((l) => l.startsWith(`${label};`));

describe('Fechar turno on paper and in CSV', () => {
  it('the CSV names Ana and holds her sales, paid, expired, fees and net (DEMO left out)', () => {
    const csv = shiftCsv(summary, 'Padaria', t);
    expect(csv).toContain('Fechamento do turno — Ana');
    expect(line(csv, 'Vendas (cobranças criadas)')).toBe('Vendas (cobranças criadas);2;17,34');
    expect(line(csv, 'Pagas (recebido)')).toBe('Pagas (recebido);1;12,34');
    expect(line(csv, 'Expirado')).toBe('Expirado;1;5,00');
    expect(line(csv, 'Taxas')).toBe('Taxas;;0,12');
    expect(line(csv, 'Líquido')).toBe('Líquido;;12,22');
  });

  it('the paper is what the thermal printer takes (printer:printClosing)', () => {
    const paper = shiftPrint(summary, 'Padaria', t);
    expect(closingPrintSchema.safeParse(paper).success).toBe(true);
    expect(paper.heading[0]).toBe('Fechamento do turno — Ana');
    expect(paper.sections[0]!.rows[1]).toEqual({
      label: 'Pagas (recebido)',
      count: 1,
      cents: 1_234,
    });
  });
});
