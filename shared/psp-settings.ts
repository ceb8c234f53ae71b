import { z } from 'zod';
import { AMOUNT_UNITS, DEFAULT_MAX_CENTS } from './domain/money';
import { PIX_KEY_TYPES } from './domain/pix-key';
import { DEFAULT_STATUS_MAP, PSP_OUTCOMES } from './domain/psp-status';
import { err, ok, type Result } from './result';

/**
 * Every assumption the app makes where the seed is silent is a setting here, so a shop whose
 * PSP differs changes a setting, not code ("Advanced / PSP compatibility"). Each one, its
 * default and the presets that change it: docs/psp-compatibility.md.
 */
/** The unit of one amount field: reais (`4.55`) or integer cents (`455`). */
const unit = z.enum(AMOUNT_UNITS).default('reais');

export const callbackSettingsSchema = z.object({
  signatureHeader: z.string().min(1).default('x-signature'),
  timestampHeader: z.string().min(1).default('x-timestamp'),
  eventIdHeader: z.string().min(1).default('x-event-id'),
  algorithm: z.enum(['sha256', 'sha512']).default('sha256'),
  encoding: z.enum(['hex', 'base64']).default('hex'),
  /**
   * Where the signature sits: `headers` (A8: signature and timestamp in two headers), `combined`
   * (one header `t=…,v1=…` or `ts=…,v1=…`, as Stripe and a public PSP guide; the timestamp from
   * `t`/`ts`), or `token` (a static token in the signature header, compared in constant time
   * with the secret; no timestamp, as Asaas' `asaas-access-token`).
   */
  format: z.enum(['headers', 'combined', 'token']).default('headers'),
  /** The signed string; `{timestamp}` and `{body}` are replaced. */
  template: z.string().includes('{body}').default('{timestamp}.{body}'),
  toleranceSeconds: z.number().int().min(1).max(86_400).default(300),
  /** Units of the callback body's `amount` and `fee` (cics-pt's examples disagree: never read there). */
  amountUnit: unit,
  feeUnit: unit,
  /** Which secret signs (informative: the screens ask for a webhook secret when `webhook`). */
  secret: z.enum(['client', 'webhook']).default('client'),
  /** After a client secret rotation, callbacks signed with the old one are accepted this long. */
  previousSecretHours: z
    .number()
    .int()
    .min(0)
    .max(7 * 24)
    .default(24),
});
export type CallbackSettings = z.infer<typeof callbackSettingsSchema>;

/** A JSON field name, e.g. `transaction_id`. */
const fieldName = z
  .string()
  .trim()
  .regex(/^[A-Za-z_$][\w$-]{0,63}$/, 'nome de campo inválido (letras, números, _ ou -)');
/** A dotted path into a JSON reply, e.g. `data.copyPaste`. */
const replyPath = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*){0,4}$/,
    'caminho inválido (campos separados por ponto, ex.: data.copyPaste)',
  );
const paths = (d: string[]) => z.array(replyPath).min(1, 'informe ao menos um caminho').default(d);
/** Paths that may be left empty: the value is then not read at all. */
const optionalPaths = (d: string[]) => z.array(replyPath).default(d);

/** Where the creation reply carries each value: the first present path wins. */
export const createReplySchema = z.object({
  id: paths([
    'qrCodeResponse.transactionId',
    'data.transactionId',
    'transactionId',
    // VeoPag's idempotent 200 carries the charge flat (`transaction_id`, `qrcode`, `amount`).
    'transaction_id',
  ]),
  status: paths([
    'qrCodeResponse.status',
    'data.transactionState',
    'data.status',
    'transactionState',
    'status',
  ]),
  brcode: paths(['qrCodeResponse.qrcode', 'data.copyPaste', 'data.qrcode', 'copyPaste', 'qrcode']),
  amount: paths([
    'qrCodeResponse.amount',
    'data.transactionAmount',
    'data.amount',
    'transactionAmount',
    'amount',
  ]),
  /** The fee the PSP will keep, when the creation reply says it (may be empty: not read). */
  fee: optionalPaths([
    'qrCodeResponse.fee',
    'data.transactionFee',
    'data.fee',
    'transactionFee',
    'fee',
  ]),
  /** cics-pt answers `transactionAmount: 455` for a charge of 4.55: cents. */
  amountUnit: unit,
  feeUnit: unit,
});

/** A10 and the presets: the status query, behind one request budget every caller shares. */
export const statusQuerySchema = z.object({
  method: z.enum(['GET', 'POST']).default('GET'),
  /**
   * JSON sent with a POST; `"{id}"` becomes the PSP's id (a number stays a number when the
   * id is all digits, `{id}` inside a longer string stays text). Empty: no body.
   */
  body: z
    .string()
    .default('')
    .refine((v) => {
      if (v.trim() === '') return true;
      try {
        JSON.parse(v.replaceAll('{id}', '0'));
        return true;
      } catch {
        return false;
      }
    }, 'o corpo da consulta deve ser JSON (use {id} onde vai o identificador)'),
  reply: z
    .object({
      status: paths([
        'status',
        'transactionState',
        'data.status',
        'data.transactionState',
        'transaction.transactionState',
        'transaction.status',
      ]),
      /** Empty when the PSP's units are unreliable (then no amount check is made). */
      amount: optionalPaths(['amount', 'data.amount']),
      fee: optionalPaths(['fee', 'data.fee']),
      id: paths(['transactionId', 'data.transactionId', 'transaction.transactionId']),
      brcode: paths(['qrcode', 'data.qrcode', 'copyPaste', 'data.copyPaste']),
      /**
       * Where the charge sits in the reply: `null` or absent there means "not found" (VeoPag's
       * `{deposit: null}`), like a 404. Empty: only a 404 means not found.
       */
      notFound: optionalPaths([]),
    })
    .prefault({}),
  /** The PSP's auth on the query: ci/cs headers, or the Bearer token (login, 401 re-login). */
  auth: z.enum(['cics', 'bearer']).default('cics'),
  amountUnit: unit,
  feeUnit: unit,
  /** The PSP's limit; the app never sends more, whoever asks (polling, hints, reconciliation). */
  perMinute: z.number().int().min(1).max(6000).default(60),
});
export type StatusQuerySettings = z.infer<typeof statusQuerySchema>;

/** A5 and the presets: the defense's wire values and bounds. */
export const defenseSettingsSchema = z.object({
  contestValue: z.string().trim().min(1).max(40).default('DISAGREED'),
  acceptValue: z.string().trim().min(1).max(40).default('AGREED'),
  minProofs: z.number().int().min(0).max(10).default(0),
  maxProofs: z.number().int().min(1).max(50).default(10),
  minJustification: z.number().int().min(1).max(2000).default(10),
  /** For the owner's notice: the time to answer after an infraction is opened, in days. */
  deadlineDays: z.number().int().min(1).max(60).default(7),
});

/** A2 and the presets: the withdrawal's path, field names and key-type vocabulary. */
export const withdrawalSettingsSchema = z.object({
  path: z
    .string()
    .trim()
    .regex(/^\/[\w\-./]*$/, 'caminho inválido (comece com /, ex.: /withdrawals/withdraw)')
    .default('/withdrawals/withdraw'),
  keyField: fieldName.default('pix_key'),
  keyTypeField: fieldName.default('pix_key_type'),
  /** Empty when the PSP takes no external id (it then answers with its own). */
  externalIdField: z.union([fieldName, z.literal('')]).default('external_id'),
  callbackField: fieldName.default('clientCallbackUrl'),
  /** The receiver's CPF/CNPJ and name fields (VeoPag: `taxId`, `name`); empty = not sent. */
  taxIdField: z.union([fieldName, z.literal('')]).default(''),
  nameField: z.union([fieldName, z.literal('')]).default(''),
  /** Key types for which the PSP requires the receiver's CPF/CNPJ (VeoPag: EMAIL, PHONE, EVP). */
  receiverRequiredFor: z.array(z.enum(PIX_KEY_TYPES)).default([]),
  /** The unit of the withdrawal's `amount` on the wire. */
  amountUnit: unit,
  keyTypes: z
    .object(
      Object.fromEntries(
        PIX_KEY_TYPES.map((t) => [t, z.string().trim().min(1).max(40).default(t)]),
      ) as Record<(typeof PIX_KEY_TYPES)[number], z.ZodDefault<z.ZodString>>,
    )
    .prefault({}),
});

/**
 * The Central Bank's API Pix (docs/api-pix.md): where to get the OAuth2 token, with which
 * scopes and how the pair is sent, the receiver's key (`chave`) and the charge's lifetime.
 * Only read when `psp.kind` is `api-pix`.
 */
export const PSP_KINDS = ['family', 'api-pix'] as const;
export type PspKind = (typeof PSP_KINDS)[number];
export const apiPixSettingsSchema = z.object({
  /** Empty until a preset or the owner sets it; must be https (or loopback, for the sandbox). */
  tokenUrl: z.union([z.string().url(), z.literal('')]).default(''),
  scopes: z
    .string()
    .trim()
    .regex(/^[\w.:-]+( [\w.:-]+)*$/, 'escopos separados por espaço, ex.: cob.write cob.read')
    .default('cob.write cob.read pix.write pix.read webhook.write webhook.read'),
  /** Efí and the spec's examples: HTTP Basic. Inter's public guides: the pair in the form body. */
  tokenAuth: z.enum(['basic', 'form']).default('basic'),
  /** The shop's PIX key every charge pays (the `chave` of `PUT /cob`). */
  chave: z.string().trim().max(77).default(''),
  /** `calendario.expiracao`: how long a charge can be paid, in seconds. */
  expiracaoSeconds: z.number().int().min(60).max(86_400).default(3_600),
  /** The preset last applied (informative). */
  preset: z.string().trim().max(40).default(''),
  /**
   * How often the day's received-PIX list (`GET /pix`) is read to find payments the app missed
   * (a dead stream, a webhook never delivered), in minutes; 0 turns it off. Each page takes one
   * routine slot of the status-query budget (`psp.statusQuery.perMinute`).
   */
  receivedPixEveryMinutes: z.number().int().min(0).max(1_440).default(5),
});
export type ApiPixSettings = z.infer<typeof apiPixSettingsSchema>;

export const CALLBACK_POLICIES = ['hmac', 'confirm-by-query'] as const;
export type CallbackPolicy = (typeof CALLBACK_POLICIES)[number];

export const pspSettingsSchema = z.object({
  baseUrl: z.string().url(),
  /** Which kind of PSP: the seed's family (the rest of these settings) or the API Pix. */
  kind: z.enum(PSP_KINDS).default('family'),
  apiPix: apiPixSettingsSchema.prefault({}),
  /** The preset last applied (`custom` once a value differs is fine too; it is informative). */
  preset: z
    .enum(['seed', 'cics-pt', 'bearer-snake', 'veopag', 'axenpay', 'novaplex', 'pagloop', 'custom'])
    .default('seed'),
  /**
   * A repeated external id is answered with the same charge (VeoPag's 200 `idempotent: true`),
   * not a 409: an uncertain charge found without its QR is asked for again to get it back.
   */
  idempotentCreate: z.boolean().default(false),
  chargeOperation: z.enum(['deposit', 'transaction']).default('deposit'),
  /** The unit of the charge request's `amount` (the seed: reais). */
  requestAmountUnit: unit,
  loginClientIdField: z.string().min(1).default('client_id'),
  loginClientSecretField: z.string().min(1).default('client_secret'),
  withdrawAuth: z.enum(['bearer', 'cics']).default('bearer'),
  /** The seed: Bearer (a JWT). cics-pt: ci/cs, with its `{quote, fees}` reply. */
  cryptoFeesAuth: z.enum(['bearer', 'cics']).default('bearer'),
  /** A10: e.g. `/transactions/{id}` or `/transactions/check`; empty = no status query. */
  statusQueryPath: z.string().default(''),
  statusQuery: statusQuerySchema.prefault({}),
  requestTimeoutMs: z.number().int().min(500).max(120_000).default(15_000),
  /** A reply larger than this is cut off as an error (1 MiB: far above any real reply). */
  maxReplyBytes: z
    .number()
    .int()
    .min(16 * 1024)
    .max(64 << 20)
    .default(1 << 20),
  maxAmountCents: z.number().int().min(1).default(DEFAULT_MAX_CENTS),
  /**
   * `hmac` (A8): a callback is applied once its signature checks. `confirm-by-query`: a
   * callback is only a hint; the status query's answer is what gets applied.
   */
  callbackPolicy: z.enum(CALLBACK_POLICIES).default('hmac'),
  callback: callbackSettingsSchema.prefault({}),
  /** A7: the fields that may name the charge in a callback (top level or one level down). */
  idFields: z
    .array(fieldName)
    .min(1, 'informe ao menos um campo')
    .default(['transactionId', 'transaction_id', 'external_id', 'externalId', 'id']),
  /** A6: the PSP's status names (compared upper-cased) and what each means. */
  statusMap: z
    .record(
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9_ -]{1,40}$/, 'status em MAIÚSCULAS, até 40 caracteres'),
      z.enum(PSP_OUTCOMES),
    )
    .default({ ...DEFAULT_STATUS_MAP }),
  createReply: createReplySchema.prefault({}),
  defense: defenseSettingsSchema.prefault({}),
  withdrawal: withdrawalSettingsSchema.prefault({}),
  /** A 2xx whose body says `success: false` is an error, not a success. */
  successFalseIsError: z.boolean().default(true),
  /** The PSP's page-size limit for the infraction list. */
  infractionsMaxPerPage: z.number().int().min(1).max(100).default(100),
  /** `/transactions/create`'s optional routing field; empty = not sent. */
  gateway: z.string().trim().max(64).default(''),
});
export type PspSettings = z.infer<typeof pspSettingsSchema>;
export type PspSettingsInput = z.input<typeof pspSettingsSchema>;

/** Rules across fields (zod objects with refinements cannot be extended, so they live here). */
export function checkPspSettings(
  s: Pick<PspSettings, 'callbackPolicy' | 'statusQueryPath' | 'defense'>,
): Result<true> {
  if (s.callbackPolicy === 'confirm-by-query' && s.statusQueryPath.trim() === '') {
    return err('validation', 'CONFIRM_NEEDS_QUERY', { field: 'psp.statusQueryPath' });
  }
  if (s.defense.minProofs > s.defense.maxProofs) {
    return err('validation', 'PROOF_BOUNDS', { field: 'psp.defense.minProofs' });
  }
  return ok(true);
}
