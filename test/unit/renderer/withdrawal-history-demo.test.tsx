import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WithdrawalHistory } from '../../../renderer/features/withdrawals/WithdrawalHistory';
import { useWithdrawals } from '../../../renderer/stores/withdrawals-store';
import type { WithdrawalView } from '../../../shared/views';

afterEach(cleanup);

const w = (over: Partial<WithdrawalView>): WithdrawalView => ({
  id: 'w1',
  externalId: 'wdr_1',
  amountCents: 2500,
  pixKeyType: 'CPF',
  pixKeyMasked: '***.982.247-**',
  status: 'COMPLETED',
  flags: [],
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

// Saque PIX after going live: a withdrawal tried in DEMO still says so (issue 34).
describe('Saque PIX list', () => {
  it('marks DEMO withdrawals, and only them', () => {
    useWithdrawals.setState({
      list: [w({ id: 'd', demo: true }), w({ id: 'l', amountCents: 900 })],
    });
    render(<WithdrawalHistory />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('DEMO');
    expect(rows[1]!.textContent).not.toContain('DEMO');
  });
});
