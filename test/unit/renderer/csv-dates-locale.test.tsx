// Dates in the exported spreadsheets (the closing's and the charges') and on the closing's
// heading follow the chosen language, like the screens (issue 34, deliver 7).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closingCsv, closingPrint } from '../../../renderer/features/history/closing-csv';
import { DayClosing } from '../../../renderer/features/history/DayClosing';
import { i18next, setLanguage } from '../../../renderer/i18n';
import { formatCsvDateTime } from '../../../renderer/i18n/dates';
import { chargesCsvLabels } from '../../../renderer/features/history/charges-csv-labels';
import { chargesCsv, CSV_HEADER, type CsvCharge } from '../../../shared/domain/charges-csv';
import { closeDay } from '../../../shared/domain/day-closing';
import type { DayClosingView } from '../../../shared/history';

afterEach(async () => {
  cleanup();
  await setLanguage('pt-BR');
});

const from = new Date(2026, 10, 21).getTime();
const closing: DayClosingView = {
  day: '2026-11-21',
  terminalId: 'a1b2c3d4-0000',
  terminalName: 'Caixa 1',
  shopName: 'Padaria',
  ...closeDay({ from, to: from + 86_400_000 }, []),
  generatedAt: from + 86_400_000,
};
const at = new Date(2026, 10, 21, 15, 5, 7).getTime();
const charge: CsvCharge = {
  externalId: 'c1',
  createdAt: at,
  amountCents: 1234,
  status: 'PENDING',
  flags: [],
  demo: false,
  shares: [{ via: 'email', at }],
};
const t = i18next.t.bind(i18next);
const chargesIn = () =>
  chargesCsv([charge], {
    status: (s) => s,
    yes: 'y',
    no: 'n',
    dateTime: formatCsvDateTime,
  }).split('\r\n')[1]!;

describe('CSV dates in the chosen locale', () => {
  it('pt-BR: the closing’s day 21/11/2026, a charge’s 21/11/2026 15:05:07 (as before)', () => {
    expect(closingCsv(closing, t).split('\r\n')[1]).toBe('Dia;21/11/2026');
    expect(chargesIn()).toContain(';21/11/2026 15:05:07;');
    expect(chargesIn()).toContain('E-mail em 21/11/2026 15:05:07');
  });

  it('English: 11/21/2026 in the closing’s CSV, its print and its heading; 03:05:07 PM for a charge', async () => {
    await setLanguage('en');
    expect(closingCsv(closing, t).split('\r\n')[1]).toBe('Day;11/21/2026');
    expect(closingPrint(closing, t).heading[0]).toContain('11/21/2026');
    expect(chargesIn()).toContain(';11/21/2026 03:05:07 PM;');
    expect(chargesIn()).toContain('E-mail em 11/21/2026 03:05:07 PM');
    render(<DayClosing closing={closing} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('11/21/2026');
  });
});

describe('the charges’ CSV in the chosen language (issue 34, deliver 7)', () => {
  const csv = () =>
    chargesCsv(
      [{ ...charge, shares: [{ via: 'whatsapp', to: '+5511912345678', at }] }],
      chargesCsvLabels(t),
    ).split('\r\n');
  it('English: column names, status and sends in English', async () => {
    await setLanguage('en');
    const [header, row] = csv();
    expect(header).toBe(
      '\uFEFFCharge ID;PSP ID;Date/time;Amount (R$);Received (R$);Fee (R$);Net (R$);Status;Late payment;DEMO;Description;Payer;Document;Sent',
    );
    expect(row).toContain(';Waiting for payment;');
    expect(row).toContain('WhatsApp to +5511912345678 on 11/21/2026 03:05:07 PM');
  });
  it('pt-BR: as before (Envios, "para … em …")', () => {
    const [header, row] = csv();
    expect(header).toBe(`\uFEFF${CSV_HEADER.join(';')}`);
    expect(row).toContain('WhatsApp para +5511912345678 em 21/11/2026 15:05:07');
  });
});
