// Issue 36: who rang a sale, and at which terminal, on everything a person reads of it: the
// thermal receipt, the PDV's TEF Dial receipt lines and the charges' CSV (a last column, only in
// a shop with operators).
import { describe, expect, it } from 'vitest';
import { pixReceipt } from '../../../../../electron/services/pdv/tef-answers';
import { escposReceipt } from '../../../../../electron/services/printing/escpos-receipt';
import { receiptLabels } from '../../../../../renderer/features/receipt/labels';
import { i18next } from '../../../../../renderer/i18n';
import { chargesCsv, type CsvLabels } from '../../../../../shared/domain/charges-csv';
import type { HistoryRow } from '../../../../../shared/history';
import { cp860Lines } from '../../../../helpers/fake-printer';

const at = new Date(2026, 10, 21, 15, 4, 5).getTime();
const paid = {
  id: 'c1',
  externalId: 'blc_0001',
  amountCents: 1_990,
  status: 'PAID',
  flags: [],
  createdAt: at,
  updatedAt: at,
  expiresAt: at + 3_600_000,
  paidAt: at + 60_000,
  pspTransactionId: 'psp-77',
} as unknown as HistoryRow;

const receipt = (operatorName?: string) =>
  cp860Lines(
    escposReceipt({
      charge: paid,
      shopName: 'Padaria',
      paperWidthMm: 80,
      labels: receiptLabels(i18next.getFixedT('pt-BR')),
      now: at + 120_000,
      terminalName: 'Caixa 2',
      ...(operatorName && { operatorName }),
    }),
  );

describe('the operator on receipts and exports', () => {
  it('the thermal receipt names the terminal and, when known, the operator', () => {
    expect(receipt('Ana')).toEqual(expect.arrayContaining(['Terminal: Caixa 2', 'Operador: Ana']));
    const anonymous = receipt();
    expect(anonymous).toContain('Terminal: Caixa 2');
    expect(anonymous.join('\n')).not.toContain('Operador');
  });

  it('the PDV’s TEF receipt lines carry OPERADOR in the plain ASCII the PDV prints (accents dropped)', () => {
    const sale = {
      amountCents: 1_990,
      nsu: '000000001',
      externalId: 'blc_0001',
      paidAt: at,
      shopName: 'Padaria',
      terminalName: 'Caixa 2',
    };
    const e = { command: 'CRT', identifier: '42' };
    expect(pixReceipt(e, { ...sale, operatorName: 'Ana Conceição' })).toContain(
      'OPERADOR: Ana Conceicao',
    );
    expect(pixReceipt(e, sale).join('\n')).not.toContain('OPERADOR');
  });

  it('the charges’ CSV gets an Operador column only in a shop with operators', () => {
    const labels: CsvLabels = { status: (s) => s, yes: 'Sim', no: 'Não' };
    const rows = [
      { ...paid, operatorName: 'Ana' },
      { ...paid, externalId: 'blc_0002' },
    ];
    const withOps = chargesCsv(rows, labels, true).replace('\uFEFF', '').split('\r\n');
    expect(withOps[0]!.split(';').at(-1)).toBe('Operador');
    expect(withOps[1]!.split(';').at(-1)).toBe('Ana');
    expect(withOps[2]!.split(';').at(-1)).toBe('');
    const plain = chargesCsv(rows, labels).replace('\uFEFF', '').split('\r\n');
    expect(plain[0]!.split(';').at(-1)).toBe('Envios');
    expect(plain[1]!.split(';')).toHaveLength(14);
  });
});
