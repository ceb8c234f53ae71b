import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryRow } from '../../../shared/history';
import type { ChargeView } from '../../../shared/views';
import { ChargePanel } from '../../../renderer/features/cashier/ChargePanel';
import { ChargeStatus } from '../../../renderer/features/cashier/ChargeStatus';
import { PaymentNewsList } from '../../../renderer/components/PaymentNews';
import { amountDifference } from '../../../renderer/components/charge-status-label';
import { usePayments } from '../../../renderer/stores/payments-store';
import { i18next } from '../../../renderer/i18n';
import { renderHistoryTable } from '../../helpers/history-table';

// Issue 20, item 3: paid another amount is "Pago com valor diferente", never the green `Pago`:
// underpaid amber, overpaid flagged, charged vs received on every screen that shows it.
afterEach(() => {
  cleanup();
  usePayments.setState({ news: [] });
});

const at = new Date(2026, 10, 21, 9, 5, 7).getTime();
const charge = (over: Partial<ChargeView> = {}): HistoryRow => ({
  id: 'c1',
  externalId: 'blc_1',
  operation: 'deposit',
  amountCents: 5_678,
  status: 'PAID_DIFFERENT_AMOUNT',
  receivedCents: 1,
  flags: ['AMOUNT_MISMATCH'],
  notice: { code: 'PAID_AMOUNT_MISMATCH' },
  demo: false,
  createdAt: at,
  updatedAt: at,
  expiresAt: at,
  ...over,
});
const panel = (c: ChargeView) =>
  render(
    <ChargePanel charge={c} demo onNew={() => {}} onSimulate={() => {}} onRecheck={() => {}} />,
  );

describe('the cashier screen', () => {
  it('underpaid: "Pago com valor diferente" in amber with both amounts and what is missing, never green', () => {
    const c = charge();
    const { container } = render(
      <ChargeStatus status={c.status} tone={amountDifference(c)?.tone} />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Pago com valor diferente');
    expect(status.className).toContain('amount-under');
    expect(status.classList.contains('status-paid')).toBe(false);
    cleanup();
    panel(c);
    const section = screen.getByRole('region', { name: 'Pago com valor diferente' });
    expect(section.className).toContain('amount-under');
    expect(section.classList.contains('paid')).toBe(false);
    expect(screen.getByTestId('valor-cobrado').textContent).toBe('R$\u00a056,78');
    expect(screen.getByTestId('valor-recebido').textContent).toBe('R$\u00a00,01');
    expect(section.textContent).toContain('Faltam R$\u00a056,77');
    expect(screen.getByRole('alert').textContent).toMatch(/pagou menos/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nova cobrança' }));
    expect(container.querySelector('.charge-panel.paid')).toBeNull();
  });

  it('overpaid: flagged (not green) with the amount over, in English too', async () => {
    const c = charge({ amountCents: 1_000, receivedCents: 1_500 });
    panel(c);
    const section = screen.getByRole('region', { name: 'Pago com valor diferente' });
    expect(section.className).toContain('amount-over');
    expect(section.textContent).toContain('R$\u00a05,00 a mais');
    expect(screen.getByRole('alert').textContent).toMatch(/devolva a diferença/);
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('region', { name: 'Paid a different amount' })).toBeTruthy();
    expect(section.textContent).toContain('R$5.00 over');
    await act(() => i18next.changeLanguage('pt-BR'));
  });
});

describe('Histórico', () => {
  it('its own filter option; the row says so, with charged and received, and prints a Comprovante', () => {
    const onStatus = vi.fn();
    const onPrint = vi.fn();
    const rows = [charge(), charge({ id: 'c2', externalId: 'blc_2', status: 'PAID' })];
    renderHistoryTable(
      [rows[0]!, { ...rows[1]!, receivedCents: 5_678, flags: [], notice: undefined } as HistoryRow],
      { onStatus, onPrint },
    );
    const select = screen.getByLabelText('Situação');
    expect(within(select).getByRole('option', { name: 'Pago com valor diferente' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'PAID_DIFFERENT_AMOUNT' } });
    expect(onStatus).toHaveBeenCalledWith('PAID_DIFFERENT_AMOUNT');
    const [different, plain] = screen.getAllByRole('row').slice(1);
    const badge = within(different!).getByText('Pago com valor diferente');
    expect(badge.className).toContain('amount-under');
    expect(within(different!).getByTestId('recebido').textContent).toBe('R$\u00a00,01');
    expect(different!.textContent).toContain('R$\u00a056,78');
    expect(within(plain!).getByText('Pago').className).not.toContain('amount-');
    fireEvent.click(within(different!).getByRole('button', { name: 'Comprovante' }));
    expect(onPrint).toHaveBeenCalled();
  });
});

describe('news of a payment off screen', () => {
  it('names both amounts and never says a plain "Pago:"', () => {
    usePayments.getState().onPaid(charge());
    render(<PaymentNewsList />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Pago com valor diferente');
    expect(alert.textContent).toContain('cobrado R$\u00a056,78');
    expect(alert.textContent).toContain('recebido R$\u00a00,01');
    expect(alert.className).toContain('amount-under');
  });
});
