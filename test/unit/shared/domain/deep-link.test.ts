import { describe, expect, it } from 'vitest';
import { deepLinkIn, deepLinkSale, parseDeepLink } from '../../../../shared/domain/deep-link';
import { itMaps } from '../../rule-table';

const MAX = 10_000_000;

describe('balcao://cobrar links', () => {
  it('reads the amount in reais (dot or comma) and the reference', () => {
    expect(parseDeepLink('balcao://cobrar?valor=12.34&ref=venda-9', MAX)).toEqual({
      ok: true,
      value: { amountCents: 1234, reference: 'venda-9' },
    });
    expect(parseDeepLink('balcao://cobrar/?valor=12%2C34', MAX)).toEqual({
      ok: true,
      value: { amountCents: 1234 },
    });
    expect(parseDeepLink('BALCAO:cobrar?ref=a&valor=1', MAX)).toMatchObject({
      value: { amountCents: 100 },
    });
  });

  const code = (u: string) => {
    const r = parseDeepLink(u, MAX);
    return r.ok ? 'ok' : r.code;
  };

  itMaps('refuses what is not a charge, a wrong amount, or a reference that is not plain', code, [
    ['balcao://sacar?valor=10', 'DEEP_LINK_INVALID'],
    ['https://cobrar?valor=10', 'DEEP_LINK_INVALID'],
    ['balcao://cobrar', 'AMOUNT_EMPTY'],
    ['balcao://cobrar?valor=0', 'AMOUNT_ZERO'],
    ['balcao://cobrar?valor=-5', 'AMOUNT_NEGATIVE'],
    ['balcao://cobrar?valor=100000.01', 'AMOUNT_ABOVE_MAX'],
    ['balcao://cobrar?valor=abc', 'AMOUNT_NOT_A_NUMBER'],
    ['balcao://cobrar?valor=1&ref=%3Cscript%3E', 'PDV_REFERENCE'],
    ['balcao://cobrar?valor=1&ref=%E0%A4%A', 'DEEP_LINK_INVALID'],
  ]);

  it('finds the link among the arguments Windows and Linux pass to a second launch', () => {
    expect(deepLinkIn(['balcao.exe', '--x', 'balcao://cobrar?valor=1'])).toBe(
      'balcao://cobrar?valor=1',
    );
    expect(deepLinkIn(['balcao.exe'])).toBeUndefined();
  });
});

describe('a balcao:// link on an owner-only PC (Este computador: Só proprietário)', () => {
  const psp = { maxAmountCents: MAX };
  it('is refused whole there, and read as ever on a Caixa', () => {
    const link = 'balcao://cobrar?valor=12.34&ref=venda-9';
    expect(deepLinkSale(link, { station: 'owner-only', psp })).toEqual({
      ok: false,
      code: 'OWNER_ONLY_NO_CHARGE',
    });
    expect(deepLinkSale(link, { station: 'counter', psp })).toEqual(parseDeepLink(link, MAX));
  });
});
