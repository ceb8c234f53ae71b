import { AMOUNT_UNITS, formatBRL, parseMoney } from '../../../shared/domain/money';
import { UNIT_PATHS, type UnitPath } from '../../../shared/psp-units';
import { err, ok, type Result } from '../../../shared/result';
import type { AppSettings } from '../../../shared/settings';

/**
 * The settings screens as data: one row per field (id, label key, path, kind, parse, when it is
 * shown). Configurações, its PSP sections and onboarding render rows with `FieldRows`; a new
 * setting is one more row here. The service validates again on save (shared/settings.ts) and its
 * refusal names the field by the label found here (`labelOfPath`).
 */
export interface FieldRow {
  /** The input's DOM id (tests and labels use it). */
  id: string;
  /** i18n key of the label. */
  label: string;
  /** Dotted path into AppSettings, e.g. `psp.callback.template`. */
  path: string;
  kind: 'text' | 'number' | 'choice' | 'list' | 'lines' | 'check' | 'money';
  /** `choice`: each value and its i18n key (or the literal text, with `literalOptions`). */
  options?: ReadonlyArray<readonly [string, string]>;
  literalOptions?: boolean;
  /** Typed text → stored value; an Err keeps the text on screen with the reason under it. */
  parse?: (text: string) => Result<unknown>;
  /** Stored value → shown text. */
  format?: (v: unknown) => string;
  /** Shown only when this holds (e.g. the status query fields once a query path is set). */
  show?: (s: AppSettings) => boolean;
  /** Changing it means the settings no longer are the preset's: `psp.preset` becomes custom. */
  leavesPreset?: boolean;
}

export function getPath(o: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);
}

/** A copy of `o` with `path` set (each object on the way copied, nothing else touched). */
export function setPath<T>(o: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const base = (o ?? {}) as Record<string, unknown>;
  return {
    ...base,
    [head]: rest.length ? setPath(base[head], rest.join('.'), value) : value,
  } as T;
}

const invalid = err('validation', 'SETTINGS_INVALID');
const int = (text: string): Result<unknown> =>
  /^\s*\d+\s*$/.test(text) ? ok(Number(text)) : invalid;
const decimal = (text: string): Result<unknown> => {
  const n = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? ok(n) : invalid;
};
const list = (text: string): Result<unknown> =>
  ok(
    text
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
const upperList = (text: string): Result<unknown> =>
  ok(
    text
      .split(',')
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean),
  );

/** `NAME=OUTCOME`, one per line (e.g. `COMPLETO=PAID`); the settings validate each. */
const statusMap: Pick<FieldRow, 'parse' | 'format'> = {
  format: (m) =>
    Object.entries(m as Record<string, string>)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  parse: (text) =>
    ok(
      Object.fromEntries(
        text
          .split('\n')
          .map((l) => l.split('=').map((x) => x.trim()))
          .filter(([k, v]) => k && v)
          .map(([k, v]) => [k!.toUpperCase(), v!.toUpperCase()]),
      ),
    ),
};

const hasQuery = (s: AppSettings) => s.psp.statusQueryPath.trim() !== '';
const isApiPix = (s: AppSettings) => s.psp.kind === 'api-pix';
const isFamily = (s: AppSettings) => s.psp.kind !== 'api-pix';
const UNIT_OPTIONS = AMOUNT_UNITS.map((u) => [u, `units.${u}`] as const);
const UNIT_LABELS: Record<UnitPath, string> = {
  requestAmountUnit: 'compat.unitRequest',
  'createReply.amountUnit': 'compat.unitCreateAmount',
  'createReply.feeUnit': 'compat.unitCreateFee',
  'callback.amountUnit': 'compat.unitCallbackAmount',
  'callback.feeUnit': 'compat.unitCallbackFee',
  'statusQuery.amountUnit': 'compat.unitQueryAmount',
  'statusQuery.feeUnit': 'compat.unitQueryFee',
  'withdrawal.amountUnit': 'compat.unitWithdrawal',
};

/** Every amount's unit: in Configurações and in onboarding (an owner with only the PSP's panel). */
export const UNIT_ROWS: FieldRow[] = UNIT_PATHS.map((p) => ({
  id: `unit-${p.replace('.', '-')}`,
  label: UNIT_LABELS[p],
  path: `psp.${p}`,
  kind: 'choice',
  options: UNIT_OPTIONS,
}));

/** The top of Configurações. */
export const GENERAL_ROWS: FieldRow[] = [
  { id: 'set-terminal', label: 'settings.terminal', path: 'terminalName', kind: 'text' },
  { id: 'set-shop', label: 'settings.shop', path: 'shopName', kind: 'text' },
  {
    id: 'set-lang',
    label: 'settings.language',
    path: 'language',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['pt-BR', 'Português (Brasil)'],
      ['en', 'English'],
    ],
  },
  {
    id: 'set-kind',
    label: 'apiPix.kind',
    path: 'psp.kind',
    kind: 'choice',
    options: [
      ['family', 'apiPix.kindFamily'],
      ['api-pix', 'apiPix.kindApiPix'],
    ],
  },
  { id: 'set-psp', label: 'settings.pspUrl', path: 'psp.baseUrl', kind: 'text' },
  {
    show: isFamily,
    id: 'set-op',
    label: 'settings.operation',
    path: 'psp.chargeOperation',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['deposit', '/payments/deposit'],
      ['transaction', '/transactions/create'],
    ],
  },
  {
    id: 'set-query',
    label: 'settings.statusQuery',
    path: 'psp.statusQueryPath',
    kind: 'text',
    show: isFamily,
  },
];

/**
 * The API Pix kind's own settings (docs/api-pix.md), shown only for that kind: in Configurações
 * and on the onboarding's PSP step. The certificate is a secret: it is not a row (write-only).
 */
export const API_PIX_ROWS: FieldRow[] = [
  { id: 'apipix-token-url', label: 'apiPix.tokenUrl', path: 'psp.apiPix.tokenUrl', kind: 'text' },
  {
    id: 'apipix-token-auth',
    label: 'apiPix.tokenAuth',
    path: 'psp.apiPix.tokenAuth',
    kind: 'choice',
    options: [
      ['basic', 'apiPix.tokenAuthBasic'],
      ['form', 'apiPix.tokenAuthForm'],
    ],
  },
  { id: 'apipix-scopes', label: 'apiPix.scopes', path: 'psp.apiPix.scopes', kind: 'text' },
  { id: 'apipix-chave', label: 'apiPix.chave', path: 'psp.apiPix.chave', kind: 'text' },
  {
    id: 'apipix-expiracao',
    label: 'apiPix.expiracao',
    path: 'psp.apiPix.expiracaoSeconds',
    kind: 'number',
    parse: int,
  },
].map((r) => ({ ...r, show: isApiPix }) as FieldRow);

/** Charges, relay and the two switches, after the PSP's profile. */
export const TERMINAL_ROWS: FieldRow[] = [
  {
    id: 'set-expiry',
    label: 'settings.expiry',
    path: 'charges.expiryMinutes',
    kind: 'number',
    parse: int,
  },
  { id: 'set-relay', label: 'settings.relayUrl', path: 'relay.url', kind: 'text' },
  { id: 'set-channel', label: 'settings.relayChannel', path: 'relay.channelId', kind: 'text' },
];
export const SWITCH_ROWS: FieldRow[] = [
  {
    id: 'set-customer-display',
    label: 'settings.customerDisplay',
    path: 'customerDisplay',
    kind: 'check',
  },
  { id: 'set-open-at-login', label: 'settings.openAtLogin', path: 'openAtLogin', kind: 'check' },
];

/**
 * `Cofre de senhas do sistema`: which library reads the OS keychain, from the next start on
 * (the main process reads it before the app core exists; BALCAO_KEYCHAIN overrides it).
 */
export const KEYCHAIN_ROWS: FieldRow[] = [
  {
    id: 'set-keychain',
    label: 'settings.keychain',
    path: 'keychain',
    kind: 'choice',
    options: [
      ['keytar', 'settings.keychainKeytar'],
      ['napi-keyring', 'settings.keychainNapi'],
    ],
  },
];

/** `Perfil do PSP`, under the preset picker. */
export const PROFILE_ROWS: FieldRow[] = [
  {
    id: 'set-policy',
    label: 'pspProfile.policy',
    path: 'psp.callbackPolicy',
    kind: 'choice',
    options: [
      ['hmac', 'pspProfile.policyHmac'],
      ['confirm-by-query', 'pspProfile.policyQuery'],
    ],
    leavesPreset: true,
  },
  {
    id: 'set-query-auth',
    label: 'pspProfile.queryAuth',
    path: 'psp.statusQuery.auth',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['bearer', 'Bearer (/auth/login)'],
      ['cics', 'ci / cs'],
    ],
  },
  {
    id: 'set-query-method',
    label: 'pspProfile.queryMethod',
    path: 'psp.statusQuery.method',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['GET', 'GET'],
      ['POST', 'POST'],
    ],
  },
  {
    id: 'set-query-body',
    label: 'pspProfile.queryBody',
    path: 'psp.statusQuery.body',
    kind: 'text',
  },
  {
    id: 'set-query-budget',
    label: 'pspProfile.queryBudget',
    path: 'psp.statusQuery.perMinute',
    kind: 'number',
    parse: int,
  },
  ...(
    [
      ['status', 'pspProfile.queryReplyStatus'],
      ['amount', 'pspProfile.queryReplyAmount'],
      ['fee', 'pspProfile.queryReplyFee'],
      ['id', 'pspProfile.queryReplyId'],
      ['brcode', 'pspProfile.queryReplyBrcode'],
      ['notFound', 'pspProfile.queryReplyNotFound'],
    ] as const
  ).map(([k, label]): FieldRow => ({
    id: `set-query-reply-${k}`,
    label,
    path: `psp.statusQuery.reply.${k}`,
    kind: 'list',
    show: hasQuery,
  })),
  {
    id: 'set-callback-secret',
    label: 'pspProfile.callbackSecret',
    path: 'psp.callback.secret',
    kind: 'choice',
    options: [
      ['client', 'pspProfile.secretClient'],
      ['webhook', 'pspProfile.secretWebhook'],
    ],
  },
  { id: 'set-split-user', label: 'pspProfile.splitUser', path: 'split.user', kind: 'text' },
  {
    id: 'set-split-tax',
    label: 'pspProfile.splitTax',
    path: 'split.taxPercent',
    kind: 'number',
    parse: decimal,
  },
  { id: 'set-gateway', label: 'pspProfile.gateway', path: 'psp.gateway', kind: 'text' },
];

/** `Compatibilidade do PSP (avançado)`: what the seed leaves open. */
export const COMPAT_ROWS: FieldRow[] = [
  {
    id: 'compat-login-id',
    label: 'compat.loginIdField',
    path: 'psp.loginClientIdField',
    kind: 'text',
  },
  {
    id: 'compat-login-secret',
    label: 'compat.loginSecretField',
    path: 'psp.loginClientSecretField',
    kind: 'text',
  },
  {
    id: 'compat-withdraw-auth',
    label: 'compat.withdrawAuth',
    path: 'psp.withdrawAuth',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['bearer', 'Bearer (/auth/login)'],
      ['cics', 'ci / cs'],
    ],
  },
  {
    id: 'compat-crypto-fees-auth',
    label: 'compat.cryptoFeesAuth',
    path: 'psp.cryptoFeesAuth',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['bearer', 'Bearer (/auth/login)'],
      ['cics', 'ci / cs'],
    ],
  },
  {
    id: 'compat-idempotent',
    label: 'compat.idempotentCreate',
    path: 'psp.idempotentCreate',
    kind: 'check',
  },
  {
    id: 'compat-timeout',
    label: 'compat.timeout',
    path: 'psp.requestTimeoutMs',
    kind: 'number',
    parse: int,
  },
  {
    id: 'compat-max-reply',
    label: 'compat.maxReplyKiB',
    path: 'psp.maxReplyBytes',
    kind: 'number',
    format: (v) => String(Math.round((v as number) / 1024)),
    parse: (text) => {
      const r = int(text);
      return r.ok ? ok((r.value as number) * 1024) : r;
    },
  },
  {
    id: 'compat-max',
    label: 'compat.maxAmount',
    path: 'psp.maxAmountCents',
    kind: 'money',
    format: (v) => formatBRL(v as number),
    parse: (text) => parseMoney(text, { positive: true }),
  },
  ...UNIT_ROWS,
  {
    id: 'compat-signature-format',
    label: 'compat.signatureFormat',
    path: 'psp.callback.format',
    kind: 'choice',
    options: [
      ['headers', 'compat.formatHeaders'],
      ['combined', 'compat.formatCombined'],
      ['token', 'compat.formatToken'],
    ],
  },
  {
    id: 'compat-sig-header',
    label: 'compat.signatureHeader',
    path: 'psp.callback.signatureHeader',
    kind: 'text',
  },
  {
    id: 'compat-ts-header',
    label: 'compat.timestampHeader',
    path: 'psp.callback.timestampHeader',
    kind: 'text',
  },
  {
    id: 'compat-event-header',
    label: 'compat.eventIdHeader',
    path: 'psp.callback.eventIdHeader',
    kind: 'text',
  },
  {
    id: 'compat-algorithm',
    label: 'compat.algorithm',
    path: 'psp.callback.algorithm',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['sha256', 'HMAC-SHA256'],
      ['sha512', 'HMAC-SHA512'],
    ],
  },
  {
    id: 'compat-encoding',
    label: 'compat.encoding',
    path: 'psp.callback.encoding',
    kind: 'choice',
    literalOptions: true,
    options: [
      ['hex', 'hex'],
      ['base64', 'base64'],
    ],
  },
  { id: 'compat-template', label: 'compat.template', path: 'psp.callback.template', kind: 'text' },
  {
    id: 'compat-tolerance',
    label: 'compat.tolerance',
    path: 'psp.callback.toleranceSeconds',
    kind: 'number',
    parse: int,
  },
  { id: 'compat-id-fields', label: 'compat.idFields', path: 'psp.idFields', kind: 'list' },
  {
    id: 'compat-status-map',
    label: 'compat.statusMap',
    path: 'psp.statusMap',
    kind: 'lines',
    ...statusMap,
  },
  {
    id: 'compat-defense-contest',
    label: 'compat.defenseContest',
    path: 'psp.defense.contestValue',
    kind: 'text',
  },
  {
    id: 'compat-defense-accept',
    label: 'compat.defenseAccept',
    path: 'psp.defense.acceptValue',
    kind: 'text',
  },
  {
    id: 'compat-defense-min-proofs',
    label: 'compat.defenseMinProofs',
    path: 'psp.defense.minProofs',
    kind: 'number',
    parse: int,
  },
  {
    id: 'compat-withdraw-path',
    label: 'compat.withdrawPath',
    path: 'psp.withdrawal.path',
    kind: 'text',
  },
  {
    id: 'compat-withdraw-key-type-field',
    label: 'compat.withdrawKeyTypeField',
    path: 'psp.withdrawal.keyTypeField',
    kind: 'text',
  },
  {
    id: 'compat-withdraw-tax-id-field',
    label: 'compat.withdrawTaxIdField',
    path: 'psp.withdrawal.taxIdField',
    kind: 'text',
  },
  {
    id: 'compat-withdraw-name-field',
    label: 'compat.withdrawNameField',
    path: 'psp.withdrawal.nameField',
    kind: 'text',
  },
  {
    id: 'compat-withdraw-receiver-required',
    label: 'compat.withdrawReceiverRequiredFor',
    path: 'psp.withdrawal.receiverRequiredFor',
    kind: 'list',
    parse: upperList,
  },
  {
    id: 'compat-previous-secret',
    label: 'compat.previousSecretHours',
    path: 'psp.callback.previousSecretHours',
    kind: 'number',
    parse: int,
  },
];

const ALL_ROWS = [
  ...GENERAL_ROWS,
  ...API_PIX_ROWS,
  ...TERMINAL_ROWS,
  ...SWITCH_ROWS,
  ...KEYCHAIN_ROWS,
  ...PROFILE_ROWS,
  ...COMPAT_ROWS,
];
const LABEL_BY_PATH = new Map(ALL_ROWS.map((r) => [r.path, r.label]));

/** The label key of a setting the service refused (`psp.idFields.2` → the list's label). */
export function labelOfPath(path: string): string | undefined {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const label = LABEL_BY_PATH.get(p);
    if (label) return label;
  }
  return undefined;
}

/** The text a row shows for a value. */
export function formatRow(row: FieldRow, v: unknown): string {
  if (row.format) return row.format(v);
  if (row.kind === 'list') return (v as string[]).join(', ');
  return v === undefined || v === null ? '' : String(v);
}

/** The value a row stores for a text (parse, else the kind's rule). */
export function parseRow(row: FieldRow, text: string): Result<unknown> {
  if (row.parse) return row.parse(text);
  if (row.kind === 'list') return list(text);
  if (row.kind === 'number') return decimal(text);
  return ok(text);
}
