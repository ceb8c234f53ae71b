// Loja (issue 36): the menu offers it only once the shop journal said something (a one-counter
// shop sees nothing new), and the day's sales CSV carries counter, operator, status and cents.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Nav } from '../../../renderer/components/Nav';
import { salesCsv } from '../../../renderer/features/shop/shop-csv';
import { i18next, setLanguage } from '../../../renderer/i18n';

afterEach(async () => {
  cleanup();
  await setLanguage('pt-BR');
});

const nav = (shop: boolean) =>
  render(<Nav route="cashier" go={() => {}} unlocked lock={() => {}} shop={shop} />);

describe('the menu', () => {
  it('has no Loja without a shop journal, and offers it with one', () => {
    nav(false);
    expect(screen.queryByRole('button', { name: 'Loja' })).toBeNull();
    cleanup();
    nav(true);
    expect(screen.getByRole('button', { name: 'Loja' })).toBeTruthy();
  });
});

describe('the day’s sales as CSV', () => {
  it('one line per sale, with counter, operator, status, amounts and the masked payer', async () => {
    await setLanguage('en');
    const csv = salesCsv(
      [
        {
          id: 'c3',
          terminal: '5f0c1d2e-caixa',
          terminalName: 'Caixa 2',
          operatorName: 'Bia',
          status: 'PAID_DIFFERENT_AMOUNT',
          amountCents: 999,
          receivedCents: 900,
          createdAt: new Date(2026, 10, 28, 11, 0).getTime(),
        },
        {
          id: 'c5',
          terminal: '5f0c1d2e-caixa',
          terminalName: 'Caixa 2',
          operatorName: null,
          status: 'CANCELED',
          amountCents: 700,
          payer: 'Maria S.',
          createdAt: new Date(2026, 10, 28, 14, 0).getTime(),
        },
      ],
      (k, o) => i18next.t(k, o),
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time;Terminal;Operator;Status;Amount;Received;Payer');
    expect(lines[1]).toMatch(/;Caixa 2;Bia;Paid a different amount;9,99;9,00;$/);
    expect(lines[2]).toMatch(/;Caixa 2;No operator;Canceled;7,00;;Maria S\.$/);
  });
});
