import { describe, expect, it } from 'vitest';
import {
  chargesCsv,
  csvCell,
  csvDateTime,
  csvMoney,
  type CsvCharge,
} from '../../../../shared/domain/charges-csv';
import { expectEach } from '../../expect-each';

// The Histórico export, cell by cell, as a spreadsheet shows it to the owner.
describe('money in the export', () => {
  it('decimal comma, two decimals, no thousands separator', () => {
    expectEach(csvMoney, [
      [0, '0,00'],
      [7, '0,07'],
      [1_234_567_89, '1234567,89'],
    ]);
  });

  it('a negative amount (a net below zero) keeps its sign', () => {
    expectEach(csvMoney, [
      [-5, '-0,05'],
      [-1234, '-12,34'],
    ]);
  });
});

describe('dates in the export', () => {
  it('dd/mm/aaaa hh:mm:ss, local time, two digits each', () => {
    expect(csvDateTime(new Date(2026, 0, 5, 8, 3, 9).getTime())).toBe('05/01/2026 08:03:09');
    expect(csvDateTime(new Date(2026, 11, 31, 23, 59, 58).getTime())).toBe('31/12/2026 23:59:58');
  });
});

describe('cells', () => {
  it('a formula character inside a cell (not at its start) is plain text', () => {
    expectEach(csvCell, [
      ['Pão=3', 'Pão=3'],
      ['a+b-c@d', 'a+b-c@d'],
    ]);
  });

  it('a quote or a carriage return anywhere quotes the cell', () => {
    expectEach(csvCell, [
      ['5" tela', '"5"" tela"'],
      ['Pão\rleite', '"Pão\rleite"'],
    ]);
  });

  it('a negative amount (a fee above what arrived) stays a number a spreadsheet adds up', () => {
    expectEach(csvCell, [
      [csvMoney(-500), '-5,00'],
      ['-5,00+cmd', `"'-5,00+cmd"`],
      ['-5', '-5'],
    ]);
  });

  it('an empty cell stays empty', () => {
    expect(csvCell('')).toBe('');
  });
});

describe('rows', () => {
  const row: CsvCharge = {
    externalId: 'blc_x',
    createdAt: new Date(2026, 10, 21, 9, 5, 7).getTime(),
    amountCents: 1000,
    status: 'FAILED',
    flags: [],
    demo: true,
    feeCents: 30,
    description: 'Café',
  };
  const labels = { status: (s: string) => `<${s}>`, yes: 'Y', no: 'N' };

  it('a DEMO charge says so; a fee the PSP charged shows even when nothing was received', () => {
    expect(chargesCsv([row], labels).split('\r\n')[1]).toBe(
      'blc_x;;21/11/2026 09:05:07;10,00;;0,30;;<FAILED>;N;Y;Café;;',
    );
  });

  it('received, fee and net: the net is what arrived less the fee', () => {
    expect(
      chargesCsv([{ ...row, status: 'PAID', demo: false, feeCents: 15 }], labels).split('\r\n')[1],
    ).toBe('blc_x;;21/11/2026 09:05:07;10,00;10,00;0,15;9,85;<PAID>;N;N;Café;;');
  });

  it('no charges: the header alone', () => {
    expect(chargesCsv([], labels).split('\r\n')).toHaveLength(2);
  });
});
