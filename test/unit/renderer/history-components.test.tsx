import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { chargesCsv } from '../../../renderer/features/history/csv';
import { HistoryTable } from '../../../renderer/features/history/HistoryTable';

afterEach(cleanup);

const at = new Date(2026, 10, 21, 9, 5, 7).getTime();
const charges: ChargeView[] = [
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

describe('history', () => {
  it('filters by day and status, masks documents, offers reprint only for charges with a QR', () => {
    const onDay = vi.fn();
    const onStatus = vi.fn();
    const onReprint = vi.fn();
    render(
      <HistoryTable
        day="2026-11-21"
        status=""
        charges={charges}
        onDay={onDay}
        onStatus={onStatus}
        onReprint={onReprint}
      />,
    );
    fireEvent.change(screen.getByLabelText('Dia'), { target: { value: '2026-11-20' } });
    expect(onDay).toHaveBeenCalledWith('2026-11-20');
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'PAID' } });
    expect(onStatus).toHaveBeenCalledWith('PAID');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Pago')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('***.456.789-**');
    expect(rows[0]!.textContent).toContain('R$\u00a01.234,56');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Reimprimir' }));
    expect(onReprint).toHaveBeenCalledWith(charges[0]);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('says so when the day has no charges', () => {
    render(
      <HistoryTable
        day="2026-11-21"
        status=""
        charges={[]}
        onDay={() => {}}
        onStatus={() => {}}
        onReprint={() => {}}
      />,
    );
    expect(screen.getByText('Nenhuma cobrança neste dia.')).toBeTruthy();
  });
});

describe('CSV export (pt-BR spreadsheet conventions)', () => {
  const csv = chargesCsv(charges, (s) => ({ PAID: 'Pago', EXPIRED: 'Expirado' })[s] ?? s);
  const lines = csv.slice(1).split('\r\n');

  it('starts with a UTF-8 BOM and uses ; with decimal commas', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(lines[0]).toBe(
      'Data/hora;Situação;Valor (R$);Taxa (R$);Descrição;Pagador;Documento;Identificador',
    );
    expect(lines[1]!.startsWith('21/11/2026 09:05:07;Pago;1234,56;12,22;')).toBe(true);
    expect(csv).toContain(';Expirado;0,05;;');
  });

  it('quotes fields holding ; quotes or line breaks, and never shows a full document', () => {
    expect(csv).toContain('"Pão\nleite";"Ana; ""Aninha""";***.456.789-**;blc_b');
    expect(csv).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
  });
});
