import { describe, expect, it } from 'vitest';
import { toSale } from '../../../electron/services/pdv/pdv-api';
import type { ChargeView } from '../../../shared/views';

// What the local API (and so `balcao cobrar --aguardar`'s exit code) tells a PDV about a sale.
const charge = (over: Partial<ChargeView>): ChargeView =>
  ({
    id: 'c1',
    externalId: 'blc_1',
    status: 'PAID',
    amountCents: 1990,
    flags: [],
    createdAt: 1,
    updatedAt: 2,
    ...over,
  }) as ChargeView;

describe('the local API says paid only for the money asked', () => {
  it('a charge paid in full is paid', () => {
    expect(toSale('venda-1', charge({}))).toMatchObject({ paid: true, final: true });
  });
  it('a charge paid with another amount is not paid (the PDV must not release the goods)', () => {
    const sale = toSale('venda-1', charge({ flags: ['AMOUNT_MISMATCH'] }));
    expect(sale).toMatchObject({ status: 'PAID', paid: false, final: true });
    const different = toSale('venda-1', charge({ status: 'PAID_DIFFERENT_AMOUNT' }));
    expect(different).toMatchObject({ status: 'PAID_DIFFERENT_AMOUNT', paid: false, final: true });
  });
});
