import type { ApiPixSettings, PspSettingsInput } from './psp-settings';
import { oneOf } from './one-of';

/**
 * Presets of the API Pix kind (docs/api-pix.md, "Presets"): the bank's base URL, token URL, how
 * the client pair is sent and the scopes, for the banks whose public material was read. Like the
 * family's presets (psp-presets.ts) they only fill settings; each value stays editable.
 */
export const API_PIX_PRESET_IDS = [
  'efi',
  'efi-homologacao',
  'inter',
  'inter-sandbox',
  'sicoob',
] as const;
export type ApiPixPresetId = (typeof API_PIX_PRESET_IDS)[number];

export const isApiPixPresetId = oneOf(API_PIX_PRESET_IDS);

interface ApiPixPreset {
  baseUrl: string;
  apiPix: Pick<ApiPixSettings, 'tokenUrl' | 'tokenAuth' | 'scopes'>;
  /**
   * Whether a repeated `PUT /cob/{txid}` answers the same charge (with its QR), per the bank's
   * own documentation. True only where a source says so; a lost create is recovered by
   * `GET /cob/{txid}` whatever this says (docs/api-pix.md, "A lost create").
   */
  idempotentCreate: boolean;
  /** What differs from the spec at this bank, for the docs and the settings screen. */
  quirks: string;
}

const SCOPES = 'cob.write cob.read pix.write pix.read webhook.write webhook.read';

const PRESETS: Record<ApiPixPresetId, ApiPixPreset> = {
  // Efí: dev.efipay.com.br/docs/api-pix/credenciais (first-hand).
  efi: {
    baseUrl: 'https://pix.api.efipay.com.br/v2',
    apiPix: {
      tokenUrl: 'https://pix.api.efipay.com.br/oauth/token',
      tokenAuth: 'basic',
      scopes: SCOPES,
    },
    // Efí's "Cobranças imediatas": PUT /v2/cob/:txid of a used txid → 409 txid_duplicado.
    idempotentCreate: false,
    quirks:
      'Certificate .p12 from the Efí panel (convert to PEM); webhook mTLS checked with a first request without certificate; x-skip-mtls-checking alternative; a repeated PUT /cob is 409 txid_duplicado; an unknown txid is 400 cobranca_nao_encontrada.',
  },
  'efi-homologacao': {
    baseUrl: 'https://pix-h.api.efipay.com.br/v2',
    apiPix: {
      tokenUrl: 'https://pix-h.api.efipay.com.br/oauth/token',
      tokenAuth: 'basic',
      scopes: SCOPES,
    },
    idempotentCreate: false, // as Efí
    quirks: 'Homologação: its own Client_Id/Client_Secret pair and its own certificate.',
  },
  // Inter: second-hand (public integration guides); its portal needs a login.
  inter: {
    baseUrl: 'https://cdpj.partners.bancointer.com.br/pix/v2',
    apiPix: {
      tokenUrl: 'https://cdpj.partners.bancointer.com.br/oauth/v2/token',
      tokenAuth: 'form',
      scopes: SCOPES,
    },
    // No source read says what Inter answers to a repeated PUT: not assumed idempotent.
    idempotentCreate: false,
    quirks:
      'Pair in the form body, not Basic; certificate as .crt + .key; few token calls per minute; webhook body is a bare array.',
  },
  'inter-sandbox': {
    baseUrl: 'https://cdpj-sandbox.partners.uatinter.co/pix/v2',
    apiPix: {
      tokenUrl: 'https://cdpj-sandbox.partners.uatinter.co/oauth/v2/token',
      tokenAuth: 'form',
      scopes: SCOPES,
    },
    idempotentCreate: false,
    quirks: 'Inter sandbox: as Inter.',
  },
  // Sicoob: token URL second-hand; the API base URL is an assumption to confirm in its portal.
  sicoob: {
    baseUrl: 'https://api.sicoob.com.br/pix/api/v2',
    apiPix: {
      tokenUrl: 'https://auth.sicoob.com.br/auth/realms/cooperado/protocol/openid-connect/token',
      tokenAuth: 'form',
      scopes: SCOPES,
    },
    idempotentCreate: false, // no source read
    quirks:
      'ICP-Brasil A1 certificate of the account CNPJ (.pfx → PEM); registered when the app is created at developers.sicoob.com.br.',
  },
};

/** The settings a preset fills (a fresh object each call); the shop still types its `chave`. */
export function apiPixPresetSettings(id: ApiPixPresetId): PspSettingsInput {
  const p = PRESETS[id];
  return {
    baseUrl: p.baseUrl,
    kind: 'api-pix',
    idempotentCreate: p.idempotentCreate,
    apiPix: { ...p.apiPix, preset: id },
  };
}

export const apiPixPresetQuirks = (id: ApiPixPresetId): string => PRESETS[id].quirks;
