import { z } from 'zod';
import type { ErrorCode } from './codes';
import { checkPayer } from './domain/payer';
import { checkNewPin } from './pin-rule';
import { PRINTER_KINDS } from './domain/printer-target';
import { checkServiceUrlText } from './domain/service-url';
import { API_PIX_PRESET_IDS } from './api-pix-presets';
import { PSP_PRESET_IDS } from './psp-presets';
import { PSP_KINDS } from './psp-settings';
import { unitsSchema } from './psp-units';

/**
 * First run and `Conectar ao PSP` (UI.md "First run"): what the form sends, and the one set of
 * rules both the form (errors next to each field) and the service (nothing stored unless all
 * pass) apply. Secrets go one way only: into the keychain, never back.
 */
/**
 * The API Pix client certificate as PEM text (a `.p12`/`.pfx` converts with openssl, see the
 * README): the certificate, its private key (may be empty when the certificate text also holds
 * it) and the key's password. Write-only: it goes to the keychain and never comes back.
 */
export const clientCertificateSchema = z
  .object({
    certPem: z.string().max(32_000),
    keyPem: z.string().max(32_000),
    passphrase: z.string().max(500),
  })
  .strict();
export type ClientCertificateInput = z.infer<typeof clientCertificateSchema>;

/** The API Pix settings of the form (the rows of API_PIX_ROWS; shared/psp-settings.ts). */
export const apiPixFormSchema = z
  .object({
    preset: z.union([z.enum(API_PIX_PRESET_IDS), z.literal('')]),
    tokenUrl: z.string().max(500),
    tokenAuth: z.enum(['basic', 'form']),
    scopes: z.string().max(500),
    chave: z.string().max(77),
    expiracaoSeconds: z.number().int().min(60).max(86_400),
  })
  .strict();
export type ApiPixForm = z.infer<typeof apiPixFormSchema>;

/** The relay as typed in the onboarding. */
const relaySchema = z
  .object({
    url: z.string().max(500),
    channelId: z.string().max(200),
    /** Empty: keep the stored token. */
    token: z.string().max(500),
    /** Instead of channel + token: the relay's admin token creates a channel (never stored). */
    adminToken: z.string().max(500),
  })
  .strict();

export const connectionTestSchema = z
  .object({
    /** Absent: the family (the seed's PSP and its presets). */
    kind: z.enum(PSP_KINDS).optional(),
    /** With `kind: 'api-pix'`: its settings, and the certificate typed (empty: the stored one). */
    apiPix: apiPixFormSchema.optional(),
    certificate: clientCertificateSchema.optional(),
    preset: z.enum(PSP_PRESET_IDS),
    baseUrl: z.string().max(500),
    chargeOperation: z.enum(['deposit', 'transaction']),
    /** Empty (both): test the credentials already in the keychain. */
    clientId: z.string().max(200),
    clientSecret: z.string().max(500),
    /**
     * The relay to test the callback path through (issue 20); absent: the saved one. Empty
     * token: the stored one. Only `adminToken`: the channel is made on save, not tested.
     */
    relay: relaySchema.optional(),
  })
  .strict();
export type ConnectionTestInput = z.infer<typeof connectionTestSchema>;

export const goLiveSchema = connectionTestSchema
  .extend({
    /** First run only: the owner PIN, typed twice. */
    newPin: z.string().max(64).optional(),
    confirmPin: z.string().max(64).optional(),
    /** The webhook secret of the PSP's panel (presets that sign with one); empty: keep/none. */
    webhookSecret: z.string().max(500).optional(),
    /** The amount units the owner set on top of the preset's (shared/psp-units.ts). */
    units: unitsSchema.optional(),
    relay: relaySchema,
    printer: z
      .object({
        name: z.string().max(100),
        paperWidthMm: z.union([z.literal(58), z.literal(80)]),
        kind: z.enum(PRINTER_KINDS),
        address: z.string().max(260),
      })
      .strict(),
    /** `Pagador padrão` (the counter's one-field charge); all four empty: none set here. */
    defaultPayer: z
      .object({
        name: z.string().max(100),
        document: z.string().max(32),
        email: z.string().max(254),
        phone: z.string().max(32),
      })
      .strict()
      .optional(),
  })
  .strict();
export type GoLiveInput = z.infer<typeof goLiveSchema>;

export const GOLIVE_PROBLEMS = [
  'PIN_FORMAT',
  'PIN_MISMATCH',
  'URL_EMPTY',
  'URL_INVALID',
  'URL_NOT_HTTPS',
  'CLIENT_ID_EMPTY',
  'CLIENT_SECRET_EMPTY',
  'RELAY_CHANNEL_EMPTY',
  'RELAY_TOKEN_SHORT',
] as const;
export type GoLiveProblem = (typeof GOLIVE_PROBLEMS)[number];
export interface FieldProblem {
  field: string;
  /** A form rule, or the error code of a payer field (errors.<code> in the renderer). */
  code: GoLiveProblem | ErrorCode;
}

export interface GoLiveContext {
  /** The PIN must be set in this form (first run). */
  needsPin: boolean;
  hasStoredCredentials: boolean;
  hasRelayToken: boolean;
  /** An API Pix client certificate is in the keychain: an empty certificate field keeps it. */
  hasStoredCertificate?: boolean;
}

export { checkNewPin, PIN_PATTERN } from './pin-rule';

/** The PSP part: address and credentials (what `Testar conexão` needs). */
export function checkConnection(
  i: ConnectionTestInput,
  ctx: Pick<GoLiveContext, 'hasStoredCredentials' | 'hasStoredCertificate'>,
): FieldProblem[] {
  const out: FieldProblem[] = [];
  const url = checkServiceUrlText(i.baseUrl);
  if (!url.ok) out.push({ field: 'baseUrl', code: url.code });
  if (i.kind === 'api-pix') out.push(...checkApiPix(i, ctx));
  const keep = ctx.hasStoredCredentials && !i.clientId.trim() && !i.clientSecret;
  if (!keep) {
    if (!i.clientId.trim()) out.push({ field: 'clientId', code: 'CLIENT_ID_EMPTY' });
    if (!i.clientSecret) out.push({ field: 'clientSecret', code: 'CLIENT_SECRET_EMPTY' });
  }
  return out;
}

/** The API Pix part: token URL, the shop's PIX key, a certificate typed or stored. */
function checkApiPix(
  i: ConnectionTestInput,
  ctx: Pick<GoLiveContext, 'hasStoredCertificate'>,
): FieldProblem[] {
  const out: FieldProblem[] = [];
  const tokenUrl = i.apiPix?.tokenUrl.trim() ?? '';
  if (!tokenUrl) out.push({ field: 'apiPix.tokenUrl', code: 'APIPIX_TOKEN_URL_EMPTY' });
  else {
    const u = checkServiceUrlText(tokenUrl);
    if (!u.ok) out.push({ field: 'apiPix.tokenUrl', code: u.code });
  }
  if (!i.apiPix?.chave.trim()) out.push({ field: 'apiPix.chave', code: 'APIPIX_CHAVE_EMPTY' });
  const typed = i.certificate?.certPem.trim() ?? '';
  if (!typed && !ctx.hasStoredCertificate)
    out.push({ field: 'certificate.certPem', code: 'APIPIX_CERT_MISSING' });
  return out;
}

/** The default payer: none when all four are empty, else the cashier's rules for a deposit. */
export function checkDefaultPayer(p: GoLiveInput['defaultPayer']): FieldProblem[] {
  if (!p || !Object.values(p).some((v) => v.trim())) return [];
  return checkPayer(p, 'deposit').issues.map((i) => ({
    field: `defaultPayer.${i.field}`,
    code: i.code,
  }));
}

/** Every rule of the form; an empty list means it may be saved. */
export function checkGoLive(i: GoLiveInput, ctx: GoLiveContext): FieldProblem[] {
  const out: FieldProblem[] = ctx.needsPin ? checkNewPin(i.newPin ?? '', i.confirmPin ?? '') : [];
  out.push(...checkConnection(i, ctx));
  if (i.relay.url.trim()) {
    const url = checkServiceUrlText(i.relay.url);
    if (!url.ok) out.push({ field: 'relay.url', code: url.code });
    if (!i.relay.adminToken) {
      if (!i.relay.channelId.trim())
        out.push({ field: 'relay.channelId', code: 'RELAY_CHANNEL_EMPTY' });
      if (i.relay.token ? i.relay.token.length < 16 : !ctx.hasRelayToken)
        out.push({ field: 'relay.token', code: 'RELAY_TOKEN_SHORT' });
    }
  }
  out.push(...checkDefaultPayer(i.defaultPayer));
  return out;
}
