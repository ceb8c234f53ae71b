import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../../electron/services/ledger/ledger';
import { SettingsService } from '../../../../electron/services/settings-service';

const service = () => {
  const ledger = Ledger.open(':memory:');
  return { ledger, settings: new SettingsService(ledger.kv) };
};

describe('settings', () => {
  it('defaults are the PSP-API.md assumptions', () => {
    const s = service().settings.get();
    expect(s.psp).toMatchObject({
      chargeOperation: 'deposit',
      loginClientIdField: 'client_id',
      withdrawAuth: 'bearer',
      statusQueryPath: '',
      maxAmountCents: 10_000_000,
    });
    expect(s.psp.callback).toEqual({
      signatureHeader: 'x-signature',
      timestampHeader: 'x-timestamp',
      eventIdHeader: 'x-event-id',
      algorithm: 'sha256',
      encoding: 'hex',
      template: '{timestamp}.{body}',
      toleranceSeconds: 300,
      previousSecretHours: 24,
      // Amounts in reais and the client secret as the HMAC key unless a preset says otherwise.
      amountUnit: 'reais',
      feeUnit: 'reais',
      secret: 'client',
      // Signature and timestamp in their own headers (not one `t=…,v1=…` header).
      format: 'headers',
    });
    expect(s.charges.expiryMinutes).toBe(15);
  });

  it('merges a nested patch without losing sibling values, and persists it', () => {
    const { ledger, settings } = service();
    expect(settings.update({ psp: { callback: { algorithm: 'sha512' } } }).ok).toBe(true);
    expect(settings.get().psp.callback).toMatchObject({
      algorithm: 'sha512',
      signatureHeader: 'x-signature',
    });
    expect(new SettingsService(ledger.kv).get().psp.callback.algorithm).toBe('sha512');
  });

  it('refuses a non-https PSP or relay URL off loopback, and a bad value, saving nothing', () => {
    const { settings } = service();
    expect(settings.update({ psp: { baseUrl: 'http://psp.example.com/api' } })).toMatchObject({
      ok: false,
      code: 'URL_NOT_HTTPS',
      field: 'psp.baseUrl',
    });
    expect(settings.update({ relay: { url: 'ftp://x' } })).toMatchObject({
      ok: false,
      field: 'relay.url',
    });
    expect(settings.update({ charges: { expiryMinutes: 0 } })).toMatchObject({
      ok: false,
      code: 'SETTINGS_INVALID',
    });
    expect(settings.update({ psp: { baseUrl: 'https://psp.example.com/api/' } })).toMatchObject({
      ok: true,
      value: { psp: { baseUrl: 'https://psp.example.com/api' } },
    });
    expect(settings.update({ psp: { baseUrl: 'http://127.0.0.1:4010/api' } }).ok).toBe(true);
  });

  it('another language renames the names nobody changed ("Caixa 1" → "Register 1"), never typed ones', () => {
    const { settings } = service();
    expect(settings.update({ language: 'en' })).toMatchObject({
      ok: true,
      value: { language: 'en', terminalName: 'Register 1', shopName: 'My shop' },
    });
    // Saved from Configurações: the form sends back the names it showed, with the language.
    expect(
      settings.update({ language: 'pt-BR', terminalName: 'Register 1', shopName: 'Padaria' }),
    ).toMatchObject({ ok: true, value: { terminalName: 'Caixa 1', shopName: 'Padaria' } });
    // The same language again: a default name typed on purpose stays as typed.
    expect(settings.update({ language: 'pt-BR', terminalName: 'Register 1' }).ok).toBe(true);
    expect(settings.get().terminalName).toBe('Register 1');
    expect(settings.update({ language: 'en' }).ok).toBe(true);
    expect(settings.get()).toMatchObject({ terminalName: 'Register 1', shopName: 'Padaria' });
  });
});
