import { describe, expect, it } from 'vitest';
import { infractionFields } from '../../../renderer/features/infractions/fields';

describe('infraction fields as the owner reads them', () => {
  it('amounts in reais, dates in local time, nested objects flattened, empty ones left out', () => {
    const at = '2026-10-25T10:38:38.295Z';
    const lines = infractionFields({
      transactionId: 'tx-1',
      amount: 32.5,
      reason: 'Golpe',
      createdAt: at,
      defense: { analise: 'DISAGREED', proofs: ['https://a/1.pdf', 'https://a/2.pdf'] },
      note: null,
    });
    expect(lines).toEqual([
      'transactionId: tx-1',
      'amount: R$\u00a032,50',
      'reason: Golpe',
      `createdAt: ${new Date(at).toLocaleString('pt-BR')}`,
      'defense.analise: DISAGREED',
      'defense.proofs: https://a/1.pdf, https://a/2.pdf',
    ]);
    expect(lines.join(' ')).not.toContain('[object Object]');
  });

  it('an amount the PSP sends as text, or that is not money, is shown as it came', () => {
    expect(infractionFields({ valor: '1234.5' })).toEqual(['valor: R$\u00a01.234,50']);
    expect(infractionFields({ amount: 'n/d' })).toEqual(['amount: n/d']);
  });
});
