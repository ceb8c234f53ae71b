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
  /** i18n key of a one-line help under the field: what it means for the shop. */
  help?: string;
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
const UNIT_OPTIONS = Object.fromEntries(AMOUNT_UNITS.map((u) => [u, `units.${u}`]));
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

/** A row of the common shape; `more` is what its kind needs (parse, format, when shown). */
const row = (
  id: string,
  label: string,
  path: string,
  kind: FieldRow['kind'] = 'text',
  more: Partial<FieldRow> = {},
): FieldRow => ({ id, label, path, kind, ...more });
/** A whole number (minutes, seconds, a count). */
const count = (id: string, label: string, path: string) =>
  row(id, label, path, 'number', { parse: int });
/** A choice among values, each shown by its i18n key (`literal`: by the text as written). */
const choice = (
  id: string,
  label: string,
  path: string,
  options: Record<string, string>,
  literal = false,
): FieldRow =>
  row(id, label, path, 'choice', {
    options: Object.entries(options),
    ...(literal && { literalOptions: true }),
  });
const literalChoice = (id: string, label: string, path: string, options: Record<string, string>) =>
  choice(id, label, path, options, true);

/** The withdrawal request's path or a field name: `psp.withdrawal.<k>` as `compat.withdraw<K>`. */
const withdrawalRow = (k: string) =>
  row(
    `compat-withdraw-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    `compat.withdraw${k[0]!.toUpperCase()}${k.slice(1)}`,
    `psp.withdrawal.${k}`,
  );

/**
 * Avançado's rows each get their own line of help, `compatHelp.<the label's own key>`, unless
 * the row names one already (`settingsHelp.*`): a field named for a JSON path says what it does.
 */
const withHelp = (rows: FieldRow[]): FieldRow[] =>
  rows.map((r) => ({ ...r, help: r.help ?? `compatHelp.${r.label.split('.').at(-1)!}` }));

/** How a request authenticates: the login's token, or the client id and secret as they are. */
const AUTHS = { bearer: 'Bearer (/auth/login)', cics: 'ci / cs' };

/** Every amount's unit: in Configurações and in onboarding (an owner with only the PSP's panel). */
export const UNIT_ROWS: FieldRow[] = UNIT_PATHS.map((p) =>
  choice(`unit-${p.replace('.', '-')}`, UNIT_LABELS[p], `psp.${p}`, UNIT_OPTIONS),
);

/**
 * Configurações → Loja: the names on the header and receipts, what this computer is (a counter,
 * or the owner's only: shared/domain/station.ts), and the language.
 */
export const SHOP_ROWS: FieldRow[] = [
  row('set-terminal', 'settings.terminal', 'terminalName'),
  row('set-shop', 'settings.shop', 'shopName'),
  {
    ...choice('set-station', 'settings.station', 'station', {
      counter: 'settings.stationCounter',
      'owner-only': 'settings.stationOwnerOnly',
    }),
    help: 'settingsHelp.station',
  },
  literalChoice('set-lang', 'settings.language', 'language', {
    'pt-BR': 'Português (Brasil)',
    en: 'English',
  }),
];

/** Configurações → PSP: which PSP, where, and how a charge is created. */
export const PSP_ROWS: FieldRow[] = [
  choice('set-kind', 'apiPix.kind', 'psp.kind', {
    family: 'apiPix.kindFamily',
    'api-pix': 'apiPix.kindApiPix',
  }),
  row('set-psp', 'settings.pspUrl', 'psp.baseUrl'),
  {
    ...literalChoice('set-op', 'settings.operation', 'psp.chargeOperation', {
      deposit: '/payments/deposit',
      transaction: '/transactions/create',
    }),
    show: isFamily,
  },
];

/**
 * The API Pix kind's own settings (docs/api-pix.md), shown only for that kind: in Configurações
 * and on the onboarding's PSP step. The certificate is a secret: it is not a row (write-only).
 */
export const API_PIX_ROWS: FieldRow[] = [
  row('apipix-token-url', 'apiPix.tokenUrl', 'psp.apiPix.tokenUrl'),
  choice('apipix-token-auth', 'apiPix.tokenAuth', 'psp.apiPix.tokenAuth', {
    basic: 'apiPix.tokenAuthBasic',
    form: 'apiPix.tokenAuthForm',
  }),
  row('apipix-scopes', 'apiPix.scopes', 'psp.apiPix.scopes'),
  row('apipix-chave', 'apiPix.chave', 'psp.apiPix.chave'),
  count('apipix-expiracao', 'apiPix.expiracao', 'psp.apiPix.expiracaoSeconds'),
].map((r) => ({ ...r, show: isApiPix }));

/**
 * Configurações → Caixa: how long a charge waits, the customer display, opening at login, the
 * idle lock (issue 36; with operators only).
 */
export const COUNTER_ROWS: FieldRow[] = [
  count('set-expiry', 'settings.expiry', 'charges.expiryMinutes'),
  // Beside the expiry (a number too): its help fits under it without making the section scroll.
  {
    ...count('set-idle-lock', 'settings.idleLock', 'operators.idleLockMinutes'),
    help: 'settingsHelp.idleLock',
  },
  row('set-customer-display', 'settings.customerDisplay', 'customerDisplay', 'check'),
  row('set-open-at-login', 'settings.openAtLogin', 'openAtLogin', 'check'),
];

/**
 * Configurações → Avisos de pagamento: how a payment reaches this screen (the relay, or the
 * status query), and what a callback must carry to be believed.
 */
export const NOTICE_ROWS: FieldRow[] = [
  row('set-relay', 'settings.relayUrl', 'relay.url', 'text', { help: 'settingsHelp.relay' }),
  row('set-channel', 'settings.relayChannel', 'relay.channelId'),
  row('set-query', 'settings.statusQuery', 'psp.statusQueryPath', 'text', {
    show: isFamily,
    help: 'settingsHelp.statusQuery',
  }),
  ...[
    {
      ...choice('set-policy', 'pspProfile.policy', 'psp.callbackPolicy', {
        hmac: 'pspProfile.policyHmac',
        'confirm-by-query': 'pspProfile.policyQuery',
      }),
      leavesPreset: true,
      help: 'pspProfile.policyNote',
    },
    choice('set-callback-secret', 'pspProfile.callbackSecret', 'psp.callback.secret', {
      client: 'pspProfile.secretClient',
      webhook: 'pspProfile.secretWebhook',
    }),
    count('set-query-budget', 'pspProfile.queryBudget', 'psp.statusQuery.perMinute'),
  ].map((r) => ({ ...r, show: isFamily })),
];

/** Configurações → Cópias de segurança: a second folder for the ledger's daily copies. */
export const BACKUP_ROWS: FieldRow[] = [
  row('set-backup-dir', 'backups.extraDir', 'backups.extraDir', 'text', {
    help: 'backups.extraDirHelp',
  }),
];

/**
 * `Cofre de senhas do sistema`: which library reads the OS keychain, from the next start on
 * (the main process reads it before the app core exists; BALCAO_KEYCHAIN overrides it).
 */
export const KEYCHAIN_ROWS: FieldRow[] = [
  choice('set-keychain', 'settings.keychain', 'keychain', {
    keytar: 'settings.keychainKeytar',
    'napi-keyring': 'settings.keychainNapi',
  }),
];

/**
 * `Perfil do PSP`, under the preset picker: what goes with each charge. The preset's callback
 * policy and status query are under Avisos de pagamento (NOTICE_ROWS).
 */
export const PROFILE_ROWS: FieldRow[] = [
  row('set-split-user', 'pspProfile.splitUser', 'split.user'),
  row('set-split-tax', 'pspProfile.splitTax', 'split.taxPercent', 'number', { parse: decimal }),
  row('set-gateway', 'pspProfile.gateway', 'psp.gateway'),
];

/**
 * Configurações → Avançado: the status query's request and where its reply holds each value
 * (paths into the PSP's JSON), named for what they mean with a line of help.
 */
export const QUERY_ROWS: FieldRow[] = withHelp([
  literalChoice('set-query-auth', 'pspProfile.queryAuth', 'psp.statusQuery.auth', AUTHS),
  literalChoice('set-query-method', 'pspProfile.queryMethod', 'psp.statusQuery.method', {
    GET: 'GET',
    POST: 'POST',
  }),
  row('set-query-body', 'pspProfile.queryBody', 'psp.statusQuery.body'),
  ...(
    [
      ['status', 'pspProfile.queryReplyStatus'],
      ['amount', 'pspProfile.queryReplyAmount'],
      ['fee', 'pspProfile.queryReplyFee'],
      ['id', 'pspProfile.queryReplyId'],
      ['brcode', 'pspProfile.queryReplyBrcode'],
      ['notFound', 'pspProfile.queryReplyNotFound'],
    ] as const
  ).map(([k, label]) =>
    row(`set-query-reply-${k}`, label, `psp.statusQuery.reply.${k}`, 'list', { show: hasQuery }),
  ),
]);

/** `Compatibilidade do PSP (avançado)`: what the seed leaves open. */
export const COMPAT_ROWS: FieldRow[] = withHelp([
  row('compat-login-id', 'compat.loginIdField', 'psp.loginClientIdField'),
  row('compat-login-secret', 'compat.loginSecretField', 'psp.loginClientSecretField'),
  literalChoice('compat-withdraw-auth', 'compat.withdrawAuth', 'psp.withdrawAuth', AUTHS),
  literalChoice('compat-crypto-fees-auth', 'compat.cryptoFeesAuth', 'psp.cryptoFeesAuth', AUTHS),
  row('compat-idempotent', 'compat.idempotentCreate', 'psp.idempotentCreate', 'check'),
  count('compat-timeout', 'compat.timeout', 'psp.requestTimeoutMs'),
  row('compat-max-reply', 'compat.maxReplyKiB', 'psp.maxReplyBytes', 'number', {
    format: (v) => String(Math.round((v as number) / 1024)),
    parse: (text) => {
      const r = int(text);
      return r.ok ? ok((r.value as number) * 1024) : r;
    },
  }),
  row('compat-max', 'compat.maxAmount', 'psp.maxAmountCents', 'money', {
    format: (v) => formatBRL(v as number),
    parse: (text) => parseMoney(text, { positive: true }),
  }),
  ...UNIT_ROWS,
  choice('compat-signature-format', 'compat.signatureFormat', 'psp.callback.format', {
    headers: 'compat.formatHeaders',
    combined: 'compat.formatCombined',
    token: 'compat.formatToken',
  }),
  row('compat-sig-header', 'compat.signatureHeader', 'psp.callback.signatureHeader'),
  row('compat-ts-header', 'compat.timestampHeader', 'psp.callback.timestampHeader'),
  row('compat-event-header', 'compat.eventIdHeader', 'psp.callback.eventIdHeader'),
  literalChoice('compat-algorithm', 'compat.algorithm', 'psp.callback.algorithm', {
    sha256: 'HMAC-SHA256',
    sha512: 'HMAC-SHA512',
  }),
  literalChoice('compat-encoding', 'compat.encoding', 'psp.callback.encoding', {
    hex: 'hex',
    base64: 'base64',
  }),
  row('compat-template', 'compat.template', 'psp.callback.template', 'text', {
    help: 'settingsHelp.template',
  }),
  count('compat-tolerance', 'compat.tolerance', 'psp.callback.toleranceSeconds'),
  row('compat-id-fields', 'compat.idFields', 'psp.idFields', 'list', {
    help: 'settingsHelp.idFields',
  }),
  row('compat-status-map', 'compat.statusMap', 'psp.statusMap', 'lines', {
    ...statusMap,
    help: 'settingsHelp.statusMap',
  }),
  row('compat-defense-contest', 'compat.defenseContest', 'psp.defense.contestValue'),
  row('compat-defense-accept', 'compat.defenseAccept', 'psp.defense.acceptValue'),
  count('compat-defense-min-proofs', 'compat.defenseMinProofs', 'psp.defense.minProofs'),
  ...['path', 'keyTypeField', 'taxIdField', 'nameField'].map(withdrawalRow),
  row(
    'compat-withdraw-receiver-required',
    'compat.withdrawReceiverRequiredFor',
    'psp.withdrawal.receiverRequiredFor',
    'list',
    { parse: upperList },
  ),
  count('compat-previous-secret', 'compat.previousSecretHours', 'psp.callback.previousSecretHours'),
]);

/** Every row of Configurações (a label for a refused path; the tests' list of rows). */
export const ALL_ROWS = [
  ...SHOP_ROWS,
  ...PSP_ROWS,
  ...API_PIX_ROWS,
  ...COUNTER_ROWS,
  ...NOTICE_ROWS,
  ...BACKUP_ROWS,
  ...KEYCHAIN_ROWS,
  ...PROFILE_ROWS,
  ...QUERY_ROWS,
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
