// Fechamento with operators (issue 36): the screen, the paper and the CSV show one block per
// operator (and "Sem operador"), then per terminal; without operators, none of it.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closingCsv, closingPrint } from '../../../renderer/features/history/closing-csv';
import { DayClosing } from '../../../renderer/features/history/DayClosing';
import { i18next, setLanguage } from '../../../renderer/i18n';
import {
  closeDayByOperator,
  sumSections,
  type OperatorCharge,
} from '../../../shared/domain/closing-by-operator';
import { closeDay } from '../../../shared/domain/day-closing';
import { closingPrintSchema, type DayClosingView } from '../../../shared/history';

afterEach(async () => {
  cleanup();
  await setLanguage('pt-BR');
});

const day = { from: new Date(2026, 10, 20).getTime(), to: new Date(2026, 10, 21).getTime() };
const at = day.from + 3_600_000;
const sale = (amountCents: number, operatorId: string | null): OperatorCharge => ({
  status: 'PAID',
  amountCents,
  flags: [],
  demo: false,
  createdAt: at,
  paidAt: at,
  operatorId,
});
const charges = [sale(1_000, 'ana'), sale(2_000, 'ana'), sale(250, 'bia'), sale(90, null)];
const names: Record<string, string> = { ana: 'Ana', bia: 'Bia' };
const plain: DayClosingView = {
  day: '2026-11-20',
  terminalId: 'a1b2c3d4-0000',
  terminalName: 'Caixa 1',
  shopName: 'Padaria',
  ...closeDay(day, charges),
  generatedAt: day.to,
};
const parts = closeDayByOperator(day, charges).map((p) => ({
  ...p,
  operatorName: p.operatorId ? names[p.operatorId]! : null,
}));
const withOperators: DayClosingView = {
  ...plain,
  byOperator: parts,
  byTerminal: [
    {
      terminalId: 'a1b2c3d4-0000',
      terminalName: 'Caixa 1',
      live: sumSections(parts.map((p) => p.live)),
    },
  ],
};
const received = (table: HTMLElement) =>
  within(within(table).getByRole('row', { name: /^Recebido/ }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Fechamento by operator on screen, paper and CSV', () => {
  it('one block per operator, "Sem operador", and the terminal as their sum', () => {
    render(<DayClosing closing={withOperators} />);
    expect(received(screen.getByRole('table', { name: 'Operador: Ana' }))).toEqual([
      '2',
      'R$\u00a030,00',
    ]);
    expect(received(screen.getByRole('table', { name: 'Operador: Bia' }))).toEqual([
      '1',
      'R$\u00a02,50',
    ]);
    expect(received(screen.getByRole('table', { name: /^Sem operador/ }))).toEqual([
      '1',
      'R$\u00a00,90',
    ]);
    expect(received(screen.getByRole('table', { name: 'Terminal Caixa 1' }))).toEqual([
      '4',
      'R$\u00a033,40',
    ]);
    expect(screen.getByRole('heading', { name: 'Por operador' })).toBeTruthy();
  });

  it('the paper and the CSV carry the same blocks, in English too; the paper fits its schema', async () => {
    await setLanguage('en');
    const paper = closingPrint(withOperators, i18next.t);
    expect(closingPrintSchema.safeParse(paper).success).toBe(true);
    const ana = paper.sections.find((s) => s.title === 'Operator: Ana')!;
    expect(ana.rows.find((r) => r.label === 'Received')).toEqual(
      expect.objectContaining({ count: 2, cents: 3_000 }),
    );
    expect(paper.sections.map((s) => s.title)).toContain('Terminal Caixa 1');
    const csv = closingCsv(withOperators, i18next.t).split('\r\n');
    const from = csv.indexOf('Operator: Bia');
    expect(from).toBeGreaterThan(0);
    expect(csv[from + 1]).toBe('Received;1;2,50');
  });

  it('without operators: the same closing as before, no block', () => {
    render(<DayClosing closing={plain} />);
    expect(screen.queryByRole('heading', { name: 'Por operador' })).toBeNull();
    expect(screen.getAllByRole('table')).toHaveLength(2); // Dinheiro real, Saques
    expect(closingCsv(plain, i18next.t)).not.toContain('Operador');
    expect(closingPrint(plain, i18next.t).sections.map((s) => s.title)).toEqual([
      'Dinheiro real',
      'Saques PIX do dia',
    ]);
  });
});
