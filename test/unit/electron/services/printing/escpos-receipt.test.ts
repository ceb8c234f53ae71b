import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { escposReceipt } from '../../../../../electron/services/printing/escpos-receipt';
import { receiptLabels } from '../../../../../renderer/features/receipt/labels';
import { i18next } from '../../../../../renderer/i18n';
import { buildBrCode } from '../../../../../shared/domain/brcode';
import type { HistoryRow } from '../../../../../shared/history';
import { cp860Lines } from '../../../../helpers/fake-printer';

// The thermal receipt speaks the app's language: the renderer hands the service its words
// (services speak codes), Portuguese by default.
const qr = buildBrCode({
  key: 'loja@example.com',
  merchantName: 'Padaria',
  merchantCity: 'SAO PAULO',
  amountCents: 1_990,
});
if (!qr.ok) throw new Error(qr.code);
const at = new Date(2026, 10, 21, 15, 4, 5).getTime();
const pending = {
  id: 'c1',
  externalId: 'blc_0001',
  amountCents: 1_990,
  status: 'PENDING',
  flags: [],
  brcode: qr.value,
  createdAt: at,
  updatedAt: at,
  expiresAt: at + 3_600_000,
} as unknown as HistoryRow;
const paid = {
  ...pending,
  status: 'PAID',
  paidAt: at + 60_000,
  pspTransactionId: 'psp-77',
} as HistoryRow;

const lines = (charge: HistoryRow, lng?: 'en' | 'pt-BR', now = at) =>
  cp860Lines(
    escposReceipt({
      charge,
      shopName: 'Padaria',
      paperWidthMm: 80,
      labels: receiptLabels(lng ? i18next.getFixedT(lng) : undefined),
      now,
    }),
  ).join('\n');

// English's words load on demand (issue 35): fetched before a receipt is drawn in English.
beforeAll(() => i18next.loadLanguages('en'));
afterEach(() => i18next.changeLanguage('pt-BR'));

describe('the ESC/POS receipt in the app’s language', () => {
  it('in English: a pending charge’s receipt has no Portuguese word', () => {
    const text = lines(pending, 'en');
    for (const w of ['PIX payment', 'PIX copy and paste:', 'Valid until 21/11/2026 16:04:05'])
      expect(text).toContain(w);
    expect(text).toContain('Charge:\nblc_0001');
    expect(text).toContain('Issued 21/11/2026 15:04:05');
    expect(text).not.toMatch(/Pagamento|copia e cola|Válido|Cobrança|Emitido/);
  });

  it('in English: a paid charge prints the receipt title, paid time and both ids', () => {
    const text = lines(paid, 'en');
    expect(text).toContain('PIX payment receipt');
    expect(text).toContain('Paid at 21/11/2026 15:05:05');
    expect(text).toContain('Charge ID:\nblc_0001');
    expect(text).toContain('PSP ID:\npsp-77');
    expect(text).not.toMatch(/Comprovante|Pago em|ID da cobrança|ID no PSP/);
  });

  it('follows the app’s language as it is now: Portuguese by default, English once switched', async () => {
    expect(lines(paid)).toContain('Comprovante de pagamento PIX');
    expect(lines(pending)).toContain('PIX copia e cola:');
    expect(lines(pending)).toContain('Válido até 21/11/2026 16:04:05');
    await i18next.changeLanguage('en');
    expect(lines(paid)).toContain('PIX payment receipt');
  });
});

describe('the ESC/POS receipt of a payment of another amount', () => {
  const different = (receivedCents: number) =>
    ({ ...paid, status: 'PAID_DIFFERENT_AMOUNT', receivedCents }) as HistoryRow;

  it('underpaid: says so, prints what arrived large, then charged vs received', () => {
    const text = lines(different(1));
    expect(text).toContain('Pago com valor diferente');
    expect(text).toContain('Cobrado: R$ 19,90');
    expect(text).toContain('Recebido: R$ 0,01');
    // The large amount is what arrived, never the amount charged alone.
    expect(text.indexOf('R$ 0,01')).toBeLessThan(text.indexOf('Cobrado'));
  });

  it('overpaid, in English too', () => {
    const text = lines(different(2_500), 'en');
    expect(text).toContain('Paid a different amount');
    expect(text).toContain('Charged: R$ 19,90');
    expect(text).toContain('Received: R$ 25,00');
  });

  it('a payment of the amount charged prints no such lines', () => {
    expect(lines(paid)).not.toMatch(/valor diferente|Cobrado:|Recebido:/);
  });
});

describe('the ESC/POS receipt of a DEMO charge, and its issue time', () => {
  it('a DEMO charge says "DEMONSTRAÇÃO — sem valor" at both ends, in the app’s language', () => {
    const demo = { ...paid, demo: true } as HistoryRow;
    const text = lines(demo);
    // CP860 has no em dash: the printer gets the plain hyphen (cp860-text.ts).
    expect(text.split('DEMONSTRAÇÃO - sem valor').length - 1).toBe(2);
    expect(text.indexOf('DEMONSTRAÇÃO')).toBeLessThan(text.indexOf('Comprovante'));
    expect(lines({ ...pending, demo: true } as HistoryRow, 'en')).toContain(
      'DEMONSTRATION - no value',
    );
    expect(lines({ ...paid, demo: false } as HistoryRow)).not.toContain('DEMONSTRA');
  });

  it('"Emitido em" is when it is printed, never before "Pago em"', () => {
    // Printed two hours after the payment: issued then, not at the charge's creation.
    expect(lines(paid, 'pt-BR', at + 2 * 3_600_000)).toContain('Emitido em 21/11/2026 17:04:05');
    // A clock behind the PSP's payment time still prints it no earlier than the payment.
    expect(lines(paid, 'pt-BR', at)).toContain('Emitido em 21/11/2026 15:05:05');
  });
});
