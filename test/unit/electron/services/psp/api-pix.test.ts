import { describe, expect, it } from 'vitest';
import { txidFor } from '../../../../../electron/services/psp/api-pix/client';
import { centsToValor, valorToCents } from '../../../../../electron/services/psp/api-pix/valor';
import { dynamicBrCode } from '../../../../../sandbox/api-pix/brcode';
import { API_PIX_PRESET_IDS, apiPixPresetSettings } from '../../../../../shared/api-pix-presets';
import { decide } from '../../../../../shared/domain/charge-lifecycle';
import { pspSettingsSchema } from '../../../../../shared/psp-settings';
import { chargeFacts } from '../../../../helpers/charge-facts';

describe('API Pix money: decimal-string reais ↔ integer cents, strictly', () => {
  it.each([
    [1, '0.01'],
    [1234, '12.34'],
    [100000, '1000.00'],
    [999999999999, '9999999999.99'],
  ])('%i cents ↔ "%s"', (cents, text) => {
    expect(centsToValor(cents)).toBe(text);
    expect(valorToCents(text, 'v')).toEqual({ ok: true, value: cents });
  });

  it.each([12.34, '12.3', '12,34', '+1.00', '1e2', ' 1.00', '1.000', '', '12345678901.00', null])(
    'refuses %j instead of guessing',
    (v) => {
      expect(valorToCents(v, 'valor.original')).toMatchObject({
        ok: false,
        code: 'APIPIX_REPLY_INVALID',
        params: { field: 'valor.original' },
      });
    },
  );
});

describe('txid', () => {
  it('is the same for the same charge (a retry is the same PUT) and fits [a-zA-Z0-9]{26,35}', () => {
    const a = txidFor('blc_t1_abc_0123456789ab');
    expect(a).toBe(txidFor('blc_t1_abc_0123456789ab'));
    expect(a).not.toBe(txidFor('blc_t1_abc_0123456789ac'));
    expect(a).toMatch(/^[a-zA-Z0-9]{26,35}$/);
  });
});

describe('a dynamic code without tag 54', () => {
  const code = dynamicBrCode('pix.banco.test/qr/v2/abc123', 'LOJA', 'SAO PAULO');
  const answer = (amountAtLocation?: true) =>
    ({
      type: 'pspAnswer',
      created: {
        transactionId: 'tx',
        status: 'PENDING',
        qrcode: code,
        amountCents: 2222,
        ...(amountAtLocation && { amountAtLocation }),
      },
    }) as const;
  const submitting = chargeFacts({ status: 'SUBMITTING', attempts: 1 });

  it('is refused unless its amount was verified in the signed payload at its location', () => {
    expect(decide(submitting, answer(), { at: 50 }).next).toMatchObject({
      status: 'FAILED',
      noticeCode: 'QR_REJECTED',
    });
    expect(decide(submitting, answer(true), { at: 50 }).next).toMatchObject({
      status: 'PENDING',
      brcode: code,
    });
  });
});

describe('API Pix presets', () => {
  it.each(API_PIX_PRESET_IDS)('%s parses as settings of the api-pix kind over https', (id) => {
    const s = pspSettingsSchema.parse(apiPixPresetSettings(id));
    expect(s.kind).toBe('api-pix');
    expect(s.baseUrl).toMatch(/^https:\/\//);
    expect(s.apiPix.tokenUrl).toMatch(/^https:\/\//);
    // No bank's documentation read says a repeated PUT answers the same cob; Efí's says 409.
    expect(s.idempotentCreate).toBe(false);
    expect(s.apiPix.scopes.split(' ')).toEqual(expect.arrayContaining(['cob.write', 'cob.read']));
  });
});
