import { describe, expect, it } from 'vitest';
import { cryptoWithdrawal, type CryptoFees } from '../../../../shared/domain/crypto-fees';
import { readPspStatus } from '../../../../shared/domain/psp-status';
import { checkServiceUrlText } from '../../../../shared/domain/service-url';

// The small rules of shared/domain/, one test each: the crypto withdrawal's fee (A16), the
// https-only service address (A15), the PSP's status words (A6).
describe('cryptoWithdrawal (A16)', () => {
  const fees: CryptoFees = {
    withdrawal_rate: 1.5,
    rate_fixed: 2,
    min_withdrawal: 10,
    max_withdrawal: 1_000,
    usdt_rate: 5.5,
  };

  it('fee = amount × rate / 100 + fixed; net = amount − fee; USDT = net / rate, cut to cents', () => {
    expect(cryptoWithdrawal(10_000, fees)).toEqual({
      feeCents: 350,
      netCents: 9_650,
      usdt: 17.54,
      within: true,
    });
  });

  it('rounds the fee half up, once', () => {
    expect(cryptoWithdrawal(333, { ...fees, rate_fixed: 0 }).feeCents).toBe(5);
  });

  it('is allowed from the minimum to the maximum, both included, and only with money left', () => {
    expect(cryptoWithdrawal(1_000, fees).within).toBe(true);
    expect(cryptoWithdrawal(999, fees).within).toBe(false);
    expect(cryptoWithdrawal(100_000, fees).within).toBe(true);
    expect(cryptoWithdrawal(100_001, fees).within).toBe(false);
    expect(cryptoWithdrawal(1_000, { ...fees, rate_fixed: 10 }).within).toBe(false);
    // The fee takes it all: nothing would reach the wallet.
    expect(cryptoWithdrawal(1_000, { ...fees, withdrawal_rate: 0, rate_fixed: 10 })).toMatchObject({
      netCents: 0,
      within: false,
    });
  });

  it('without a USDT rate there is no USDT amount', () => {
    expect(cryptoWithdrawal(10_000, { ...fees, usdt_rate: 0 }).usdt).toBeNaN();
  });
});

describe('checkServiceUrlText (A15: https, loopback excepted)', () => {
  it.each([
    ['  https://psp.example.com/// ', 'https://psp.example.com'],
    // The rest are used as typed.
    ...[
      'https://psp.example.com:65535/v1',
      'http://localhost:3000',
      'HTTP://LOCALHOST',
      'http://127.0.0.1:8080/x',
      'http://[::1]:8080',
    ].map((url) => [url, url]),
  ])('%j is used as %j', (text, url) => {
    expect(checkServiceUrlText(text)).toEqual({ ok: true, url });
  });

  const refusedTexts = {
    URL_EMPTY: ['', '   '],
    URL_NOT_HTTPS: [
      'http://psp.example.com',
      'http://127.0.0.1.evil.example',
      'http://mylocalhost',
    ],
    URL_INVALID: [
      'ftp://psp.example.com',
      'https://psp.example.com:65536',
      'https://user@psp.example.com',
      'psp.example.com',
      'https://psp example.com',
    ],
  };
  it.each(
    Object.entries(refusedTexts).flatMap(([code, texts]) => texts.map((text) => [text, code])),
  )('%j is refused with %s', (text, code) => {
    expect(checkServiceUrlText(text)).toEqual({ ok: false, code });
  });
});

describe('readPspStatus (A6)', () => {
  it('reads a status whatever its case and surrounding blanks', () => {
    expect(readPspStatus(' pago ')).toEqual({ known: true, outcome: 'PAID' });
    expect(readPspStatus('Estornado')).toEqual({ known: true, outcome: 'REFUNDED' });
  });

  it('with the shop’s own map, only its words count', () => {
    const map = { LIQUIDADO: 'PAID' } as const;
    expect(readPspStatus('liquidado', map)).toEqual({ known: true, outcome: 'PAID' });
    expect(readPspStatus('PAID', map)).toEqual({ known: false, raw: 'PAID' });
  });

  it('an unknown word is kept as it came; object names are not statuses', () => {
    expect(readPspStatus(' On Hold ')).toEqual({ known: false, raw: ' On Hold ' });
    expect(readPspStatus('constructor')).toEqual({ known: false, raw: 'constructor' });
    expect(readPspStatus('__proto__')).toEqual({ known: false, raw: '__proto__' });
  });
});

describe('the PSP’s status words, every one (A6 in English, the cics-pt family in Portuguese)', () => {
  const words = {
    PENDING: 'PENDING WAITING_PAYMENT CREATED PROCESSING PENDENTE AGUARDANDO_PAGAMENTO PROCESSANDO',
    PAID: 'PAID APPROVED COMPLETED CONFIRMED SUCCESS COMPLETO CONCLUIDO PAGO APROVADO',
    FAILED: 'FAILED REJECTED ERROR FALHA FALHOU RECUSADO ERRO',
    EXPIRED: 'EXPIRED EXPIRADO',
    CANCELED: 'CANCELED CANCELLED CANCELADO',
    REFUNDED: 'REFUNDED ESTORNADO REEMBOLSADO',
  } as const;
  it.each(Object.entries(words))('%s: each of its words reads as it', (outcome, list) => {
    for (const word of list.split(' '))
      expect([word, readPspStatus(word)]).toEqual([word, { known: true, outcome }]);
  });
});
