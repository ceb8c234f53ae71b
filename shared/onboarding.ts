import { z } from 'zod';
import type { ErrorCode } from './codes';
import { checkPayer } from './domain/payer';
import { PRINTER_KINDS } from './domain/printer-target';
import { checkServiceUrlText } from './domain/service-url';
import { PSP_PRESET_IDS } from './psp-presets';
import { unitsSchema } from './psp-units';

/**
 * First run and `Conectar ao PSP` (UI.md "First run"): what the form sends, and the one set of
 * rules both the form (errors next to each field) and the service (nothing stored unless all
 * pass) apply. Secrets go one way only: into the keychain, never back.
 */
export const connectionTestSchema = z
  .object({
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
    relay: z
      .object({
        url: z.string().max(500),
        channelId: z.string().max(200),
        token: z.string().max(500),
        adminToken: z.string().max(500),
      })
      .strict()
      .optional(),
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
    relay: z
      .object({
        url: z.string().max(500),
        channelId: z.string().max(200),
        /** Empty: keep the stored token. */
        token: z.string().max(500),
        /** Instead of channel + token: the relay's admin token creates a channel (never stored). */
        adminToken: z.string().max(500),
      })
      .strict(),
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
}

export const PIN_PATTERN = /^\d{4,8}$/;

/** The owner PIN, typed twice: 4 to 8 digits, both the same. */
export function checkNewPin(pin: string, confirm: string): FieldProblem[] {
  if (!PIN_PATTERN.test(pin)) return [{ field: 'newPin', code: 'PIN_FORMAT' }];
  if (pin !== confirm) return [{ field: 'confirmPin', code: 'PIN_MISMATCH' }];
  return [];
}

/** The PSP part: address and credentials (what `Testar conexão` needs). */
export function checkConnection(
  i: ConnectionTestInput,
  ctx: Pick<GoLiveContext, 'hasStoredCredentials'>,
): FieldProblem[] {
  const out: FieldProblem[] = [];
  const url = checkServiceUrlText(i.baseUrl);
  if (!url.ok) out.push({ field: 'baseUrl', code: url.code });
  const keep = ctx.hasStoredCredentials && !i.clientId.trim() && !i.clientSecret;
  if (!keep) {
    if (!i.clientId.trim()) out.push({ field: 'clientId', code: 'CLIENT_ID_EMPTY' });
    if (!i.clientSecret) out.push({ field: 'clientSecret', code: 'CLIENT_SECRET_EMPTY' });
  }
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
  const out = ctx.needsPin ? checkNewPin(i.newPin ?? '', i.confirmPin ?? '') : [];
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
