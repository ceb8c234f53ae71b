import { describe, expect, it } from 'vitest';
import { receiverOf, sameReceiver, type Receiver } from '../../../../shared/domain/receiver-pin';

// Who a BR Code pays (issue 21): the first code the PSP sends is pinned, and a code that pays
// anyone else is never shown to the customer.
const shop = { merchantName: 'PADARIA BOM PAO', merchantCity: 'SAO PAULO' };

describe('who a BR Code pays', () => {
  it('a static code: its key and the merchant, spaces around them dropped, nothing else', () => {
    expect(
      receiverOf({ key: '  loja@exemplo.com ', merchantName: ' PADARIA ', merchantCity: 'RIO ' }),
    ).toEqual({ key: 'loja@exemplo.com', merchantName: 'PADARIA', merchantCity: 'RIO' });
  });

  it('a dynamic code: the host of its location, whatever the scheme, case, path or query', () => {
    for (const url of [
      'pix.psp.com/qr/v2/abc',
      'https://pix.psp.com/qr/v2/abc',
      'HTTPS://PIX.PSP.COM/qr/v2/ABC',
      'pix.psp.com?id=1',
      'pix.psp.com#x',
      'pix.psp.com',
      'git+ssh.v-2://pix.psp.com/x',
    ])
      expect(receiverOf({ url, ...shop })).toEqual({ host: 'pix.psp.com', ...shop });
  });

  it('a location with credentials before the host is read by its host', () => {
    expect(receiverOf({ url: 'https://pix.psp.com@evil.example/qr', ...shop }).host).toBe(
      'evil.example',
    );
    expect(receiverOf({ url: 'user:pw@pix.psp.com/qr', ...shop }).host).toBe('pix.psp.com');
  });

  it('a port stays part of the host', () => {
    expect(receiverOf({ url: 'pix.psp.com:8443/qr', ...shop }).host).toBe('pix.psp.com:8443');
  });

  it('an empty location names no host', () => {
    expect(receiverOf({ url: '', ...shop })).toEqual(shop);
  });
});

describe('the same receiver as the pinned one', () => {
  const pinned: Receiver = { key: 'loja@exemplo.com', ...shop };

  it('the merchant in another case or with spaces is the same', () => {
    expect(
      sameReceiver(pinned, {
        key: ' LOJA@EXEMPLO.COM',
        merchantName: 'padaria bom pao ',
        merchantCity: ' Sao Paulo',
      }),
    ).toBe(true);
  });

  it('another key, host, name or city is someone else', () => {
    expect(sameReceiver(pinned, { ...pinned, key: 'golpe@exemplo.com' })).toBe(false);
    expect(sameReceiver(pinned, { ...pinned, host: 'pix.psp.com' })).toBe(false);
    expect(sameReceiver(pinned, { ...pinned, merchantName: 'OUTRA LOJA' })).toBe(false);
    expect(sameReceiver(pinned, { ...pinned, merchantCity: 'CURITIBA' })).toBe(false);
  });

  it('a code with no key is not the pinned key’s', () => {
    expect(sameReceiver(pinned, shop)).toBe(false);
    expect(sameReceiver(shop, pinned)).toBe(false);
  });
});
