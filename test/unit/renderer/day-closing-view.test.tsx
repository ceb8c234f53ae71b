import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closingCsv } from '../../../renderer/features/history/closing-csv';
import { DayClosing } from '../../../renderer/features/history/DayClosing';
import { i18next, setLanguage } from '../../../renderer/i18n';
import { closeDay, type ClosingCharge } from '../../../shared/domain/day-closing';
import type { DayClosingView } from '../../../shared/history';

afterEach(async () => {
  cleanup();
  await setLanguage('pt-BR');
});

const range = (d: number) => ({
  from: new Date(2026, 10, d).getTime(),
  to: new Date(2026, 10, d + 1).getTime(),
});
// Created 23:58 on the 20th, paid 00:03 on the 21st.
const midnight: ClosingCharge = {
  status: 'PAID',
  amountCents: 12_345,
  feeCents: 123,
  flags: [],
  demo: false,
  createdAt: new Date(2026, 10, 20, 23, 58).getTime(),
  paidAt: new Date(2026, 10, 21, 0, 3).getTime(),
};
const view = (d: number): DayClosingView => ({
  day: `2026-11-${d}`,
  terminalId: 'a1b2c3d4-0000',
  terminalName: 'Caixa 1',
  shopName: 'Padaria',
  ...closeDay(range(d), [midnight]),
  generatedAt: range(d).to,
});
const figures = (label: RegExp) =>
  within(screen.getAllByRole('row', { name: label })[0]!)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const csvLine = (csv: string, label: string) =>
  csv.split('\r\n').find((l) => l.startsWith(`${label};`));

describe('the printed and exported closing carry the money of another day', () => {
  it('creation day: "Pago em outro dia" with count and amount, nothing received; the CSV has the same line', () => {
    render(<DayClosing closing={view(20)} />);
    expect(figures(/^Pago em outro dia/)).toEqual(['1', 'R$\u00a0123,45']);
    expect(figures(/^Recebido/)).toEqual(['0', 'R$\u00a00,00']);
    const csv = closingCsv(view(20), i18next.t);
    expect(csvLine(csv, 'Pago em outro dia')).toBe('Pago em outro dia;1;123,45');
    expect(csvLine(csv, 'Recebido')).toBe('Recebido;0;0,00');
  });

  it('paid day: received, "of which charges from another day", in pt-BR and English', async () => {
    render(<DayClosing closing={view(21)} />);
    expect(figures(/^Recebido/)).toEqual(['1', 'R$\u00a0123,45']);
    expect(figures(/^dos quais cobranças de outro dia/)).toEqual(['1', 'R$\u00a0123,45']);
    expect(figures(/^Líquido/)).toEqual(['', 'R$\u00a0122,22']);
    cleanup();
    await setLanguage('en');
    render(<DayClosing closing={view(20)} />);
    expect(figures(/^Paid on another day/)).toEqual(['1', 'R$123.45']);
    expect(csvLine(closingCsv(view(21), i18next.t), 'of which charges from another day')).toBe(
      'of which charges from another day;1;123,45',
    );
  });
});

describe('the closing counts what arrived for a payment of another amount', () => {
  const day = range(21);
  const at = new Date(2026, 10, 21, 10).getTime();
  const different = (amountCents: number, receivedCents: number): ClosingCharge => ({
    status: 'PAID_DIFFERENT_AMOUNT',
    amountCents,
    receivedCents,
    feeCents: 0,
    flags: ['AMOUNT_MISMATCH'],
    demo: false,
    createdAt: at,
    paidAt: at,
  });
  const closing: DayClosingView = {
    day: '2026-11-21',
    terminalId: 'a1b2c3d4-0000',
    terminalName: 'Caixa 1',
    shopName: 'Padaria',
    ...closeDay(day, [different(5_678, 1), different(1_000, 1_500)]),
    generatedAt: day.to,
  };

  it('on screen and in the CSV: received is R$ 15,01 (not the R$ 66,78 charged), with both lines', () => {
    render(<DayClosing closing={closing} />);
    expect(figures(/^Recebido/)).toEqual(['2', 'R$\u00a015,01']);
    expect(figures(/^dos quais pagos com valor diferente/)).toEqual(['2', 'R$\u00a015,01']);
    expect(figures(/^valor cobrado nesses pagamentos/)).toEqual(['', 'R$\u00a066,78']);
    expect(figures(/^Líquido/)).toEqual(['', 'R$\u00a015,01']);
    const csv = closingCsv(closing, i18next.t);
    expect(csvLine(csv, 'Recebido')).toBe('Recebido;2;15,01');
    expect(csvLine(csv, 'dos quais pagos com valor diferente (recebido)')).toBe(
      'dos quais pagos com valor diferente (recebido);2;15,01',
    );
  });
});

describe('DEMO withdrawals on the closing', () => {
  const withDemo = (): DayClosingView => ({
    ...view(21),
    ...closeDay(range(21), [midnight], [{ status: 'COMPLETED', amountCents: 2500, demo: true }]),
  });
  it('a table of their own, the live one at zero; in the CSV under their own heading', () => {
    render(<DayClosing closing={withDemo()} />);
    const demo = screen.getByRole('table', { name: 'Saques DEMO do dia (não é dinheiro)' });
    expect(within(demo).getAllByRole('row')[0]!.textContent).toContain('25,00');
    const live = screen.getByRole('table', { name: 'Saques PIX do dia' });
    expect(live.textContent).not.toContain('25,00');
    const csv = closingCsv(withDemo(), i18next.t.bind(i18next));
    const lines = csv.split('\r\n');
    const at = lines.indexOf('Saques DEMO do dia (não é dinheiro)');
    expect(at).toBeGreaterThan(lines.indexOf('Saques PIX do dia'));
    expect(lines[at + 1]).toBe('Concluídos;1;25,00');
  });
});

describe('Fechamento shows what is not zero, every line on request (issue 34)', () => {
  it('a day with one sale paid on another day: zero lines hidden until "every line"', async () => {
    const { fireEvent } = await import('@testing-library/react');
    render(<DayClosing closing={view(20)} />);
    // Always: Recebido, Líquido, Total; and what is not zero (Pago em outro dia).
    expect(figures(/^Recebido/)).toEqual(['0', 'R$\u00a00,00']);
    expect(figures(/^Pago em outro dia/)).toEqual(['1', 'R$\u00a0123,45']);
    expect(screen.queryByRole('row', { name: /^Expirado/ })).toBeNull();
    expect(screen.queryByRole('row', { name: /^dos quais pagamentos tardios/ })).toBeNull();
    const toggle = screen.getByRole('button', { name: /Ver todas as linhas/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(figures(/^Expirado/)).toEqual(['0', 'R$\u00a00,00']);
    expect(screen.getByRole('button', { name: /Ver só o que não é zero/ })).toBeTruthy();
  });

  it('the day in the chosen language: 11/20/2026 in English, 20/11/2026 in Portuguese', async () => {
    render(<DayClosing closing={view(20)} />);
    expect(screen.getByRole('heading').textContent).toContain('20/11/2026');
    cleanup();
    await setLanguage('en');
    render(<DayClosing closing={view(20)} />);
    expect(screen.getByRole('heading').textContent).toContain('11/20/2026');
  });
});
