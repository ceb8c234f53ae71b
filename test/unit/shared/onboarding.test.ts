import { describe, expect, it } from 'vitest';
import { checkServiceUrlText } from '../../../shared/domain/service-url';
import { checkGoLive, type GoLiveInput } from '../../../shared/onboarding';

describe('the PSP and relay address (A15)', () => {
  it.each([
    ['https://api.psp.com.br/api/', { ok: true, url: 'https://api.psp.com.br/api' }],
    ['http://127.0.0.1:4010/api', { ok: true, url: 'http://127.0.0.1:4010/api' }],
    ['http://localhost:8080', { ok: true, url: 'http://localhost:8080' }],
    ['http://[::1]:9000/api', { ok: true, url: 'http://[::1]:9000/api' }],
    ['http://psp.example.com/api', { ok: false, code: 'URL_NOT_HTTPS' }],
    ['http://127.0.0.1.evil.com/api', { ok: false, code: 'URL_NOT_HTTPS' }],
    ['ftp://psp.example.com', { ok: false, code: 'URL_INVALID' }],
    ['psp.example.com/api', { ok: false, code: 'URL_INVALID' }],
    ['https://psp.example.com:99999', { ok: false, code: 'URL_INVALID' }],
    ['  ', { ok: false, code: 'URL_EMPTY' }],
  ])('%s', (input, expected) => {
    expect(checkServiceUrlText(input)).toEqual(expected);
  });
});

const form = (over: Partial<GoLiveInput> = {}): GoLiveInput => ({
  preset: 'seed',
  baseUrl: 'https://api.psp.com.br/api',
  chargeOperation: 'deposit',
  clientId: 'loja',
  clientSecret: 's3cret',
  newPin: '2468',
  confirmPin: '2468',
  relay: { url: '', channelId: '', token: '', adminToken: '' },
  printer: { name: '', paperWidthMm: 80, kind: 'system', address: '' },
  ...over,
});
const ctx = { needsPin: true, hasStoredCredentials: false, hasRelayToken: false };
/** The go-live check of the form with these fields changed, first run unless told. */
const goLive = (
  over: Partial<GoLiveInput> = {},
  context: Parameters<typeof checkGoLive>[1] = ctx,
) => checkGoLive(form(over), context);

describe('the onboarding form, all rules at once', () => {
  it('a complete form passes', () => {
    expect(goLive()).toEqual([]);
  });

  it('names every wrong field', () => {
    expect(
      goLive({
        newPin: '12345678',
        confirmPin: '12345679',
        baseUrl: 'http://psp.example.com',
        clientId: ' ',
        clientSecret: '',
        relay: { url: 'https://relay.example', channelId: 'c', token: 'short', adminToken: '' },
      }),
    ).toEqual([
      { field: 'confirmPin', code: 'PIN_MISMATCH' },
      { field: 'baseUrl', code: 'URL_NOT_HTTPS' },
      { field: 'clientId', code: 'CLIENT_ID_EMPTY' },
      { field: 'clientSecret', code: 'CLIENT_SECRET_EMPTY' },
      { field: 'relay.token', code: 'RELAY_TOKEN_SHORT' },
    ]);
  });

  it('later (PIN set, secrets stored): empty secrets keep the stored ones; an admin token replaces channel + token', () => {
    const later = { needsPin: false, hasStoredCredentials: true, hasRelayToken: false };
    expect(
      goLive(
        {
          newPin: '',
          confirmPin: '',
          clientId: '',
          clientSecret: '',
          relay: { url: 'https://relay.example', channelId: '', token: '', adminToken: 'adm' },
        },
        later,
      ),
    ).toEqual([]);
    expect(goLive({ clientSecret: '' }, later)).toEqual([
      { field: 'clientSecret', code: 'CLIENT_SECRET_EMPTY' },
    ]);
  });
});

describe('the default payer in onboarding (Pagador padrão)', () => {
  const payer = { name: 'Consumidor', document: '', email: '', phone: '' };

  it('left empty, it is not asked for', () => {
    expect(goLive({ defaultPayer: { ...payer, name: '' } })).toEqual([]);
  });

  it('once typed, every field is checked like the cashier’s, next to its field', () => {
    expect(
      goLive({
        defaultPayer: { ...payer, document: '111.111.111-11', email: 'x@', phone: '123' },
      }),
    ).toEqual([
      { field: 'defaultPayer.document', code: 'DOCUMENT_INVALID' },
      { field: 'defaultPayer.email', code: 'EMAIL_INVALID' },
      { field: 'defaultPayer.phone', code: 'PHONE_INVALID' },
    ]);
    expect(
      goLive({
        defaultPayer: {
          name: 'Consumidor',
          document: '123.456.789-09',
          email: 'caixa@padaria.com.br',
          phone: '(11) 91234-5678',
        },
      }),
    ).toEqual([]);
  });
});

describe('the API Pix kind in the onboarding form', () => {
  const apiPix = {
    preset: '' as const,
    tokenUrl: 'https://pix.api.efipay.com.br/oauth/token',
    tokenAuth: 'basic' as const,
    scopes: 'cob.write cob.read',
    chave: 'loja@exemplo.com.br',
    expiracaoSeconds: 3600,
  };
  const cert = { certPem: '-----BEGIN CERTIFICATE-----', keyPem: '', passphrase: '' };

  it('a complete API Pix form passes; the family rules are unchanged without the kind', () => {
    expect(goLive({ kind: 'api-pix', apiPix, certificate: cert })).toEqual([]);
    expect(goLive({ apiPix: { ...apiPix, chave: '' } })).toEqual([]);
  });

  it('names the token URL, the PIX key and the certificate next to their fields', () => {
    expect(
      goLive({
        kind: 'api-pix',
        apiPix: { ...apiPix, tokenUrl: 'http://psp.example.com/token', chave: ' ' },
        certificate: { ...cert, certPem: '' },
      }),
    ).toEqual([
      { field: 'apiPix.tokenUrl', code: 'URL_NOT_HTTPS' },
      { field: 'apiPix.chave', code: 'APIPIX_CHAVE_EMPTY' },
      { field: 'certificate.certPem', code: 'APIPIX_CERT_MISSING' },
    ]);
    expect(
      goLive(
        { kind: 'api-pix', apiPix: { ...apiPix, tokenUrl: '' } },
        {
          ...ctx,
          hasStoredCertificate: true,
        },
      ),
    ).toEqual([{ field: 'apiPix.tokenUrl', code: 'APIPIX_TOKEN_URL_EMPTY' }]);
  });
});
