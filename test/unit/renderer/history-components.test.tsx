import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryRow } from '../../../shared/history';
import { renderHistoryTable } from '../../helpers/history-table';

afterEach(cleanup);

const at = new Date(2026, 10, 21, 9, 5, 7).getTime();
const charges: HistoryRow[] = [
  {
    id: 'b',
    externalId: 'blc_b',
    operation: 'deposit',
    amountCents: 123456,
    status: 'PAID',
    feeCents: 1222,
    payerName: 'Ana; "Aninha"',
    payerDocumentMasked: '***.456.789-**',
    description: 'Pão\nleite',
    flags: [],
    demo: false,
    createdAt: at,
    updatedAt: at,
    expiresAt: at,
    brcode: '0002',
    pspTransactionId: 'psp-b',
  },
  {
    id: 'a',
    externalId: 'blc_a',
    operation: 'deposit',
    amountCents: 5,
    status: 'EXPIRED',
    flags: ['LATE_PAYMENT'],
    demo: false,
    createdAt: at - 60_000,
    updatedAt: at,
    expiresAt: at,
  },
];

const table = (over: Parameters<typeof renderHistoryTable>[1] = {}) =>
  renderHistoryTable(charges, over);

describe('history', () => {
  it('filters by day, status and text; shows ids, fee and net; masks documents; prints a QR or a Comprovante', () => {
    const onDay = vi.fn();
    const onStatus = vi.fn();
    const onText = vi.fn();
    const onPrint = vi.fn();
    const onDetail = vi.fn();
    table({ onDay, onStatus, onText, onPrint, onDetail });
    fireEvent.change(screen.getByLabelText('Dia'), { target: { value: '2026-11-20' } });
    expect(onDay).toHaveBeenCalledWith('2026-11-20');
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'PAID' } });
    expect(onStatus).toHaveBeenCalledWith('PAID');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: '12,34' } });
    expect(onText).toHaveBeenCalledWith('12,34');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Pago')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('***.456.789-**');
    expect(rows[0]!.textContent).toContain('R$\u00a01.234,56');
    expect(rows[0]!.textContent).toContain('R$\u00a012,22');
    expect(rows[0]!.textContent).toContain('R$\u00a01.222,34');
    expect(rows[0]!.textContent).toContain('blc_b');
    expect(rows[0]!.textContent).toContain('psp-b');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Comprovante' }));
    expect(onPrint).toHaveBeenCalledWith(charges[0]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Detalhes' }));
    expect(onDetail).toHaveBeenCalledWith(charges[0]);
    // The late payment is received money: flagged, with a Comprovante, never a QR reprint.
    expect(rows[1]!.textContent).toContain('Pagamento tardio');
    expect(within(rows[1]!).queryByRole('button', { name: 'Reimprimir' })).toBeNull();
  });

  it('says so when the day has no charges', () => {
    table({ rows: [] });
    expect(screen.getByText('Nenhuma cobrança neste dia.')).toBeTruthy();
  });
});

describe('a PDV sale whose money is due back', () => {
  it('shows "Devolver" on its row in Histórico', () => {
    table({ rows: [{ ...charges[0]!, flags: ['REFUND_DUE'] }] });
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Devolver (o PDV desfez a venda)');
  });
});
