import { pspSettingsSchema, type PspSettings } from './psp-settings';
import { oneOf } from './one-of';

/**
 * Presets: named sets of the PSP compatibility settings for the real PSPs of the seed's family
 * (docs/psp-compatibility.md, "Presets"). A preset only sets settings; each value stays
 * editable afterwards. Shown names are the i18n keys `presets.<id>`.
 */
export const PSP_PRESET_IDS = [
  'seed',
  'cics-pt',
  'bearer-snake',
  'veopag',
  'axenpay',
  'novaplex',
  'pagloop',
] as const;
export type PspPresetId = (typeof PSP_PRESET_IDS)[number];

export const isPspPresetId = oneOf(PSP_PRESET_IDS);

/** What a preset sets: every compatibility setting except the shop's own (URL, limits, routing). */
export type PspPresetSettings = Omit<
  PspSettings,
  'baseUrl' | 'requestTimeoutMs' | 'maxAmountCents' | 'gateway'
>;

function seedValues(): PspPresetSettings {
  const {
    baseUrl: _u,
    requestTimeoutMs: _t,
    maxAmountCents: _m,
    gateway: _g,
    ...rest
  } = pspSettingsSchema.parse({ baseUrl: 'https://psp.invalid/api' });
  return rest;
}

/** The public clients of Bearer PSPs of the family; the members start from it. */
function bearerSnake(seed: PspPresetSettings): PspPresetSettings {
  return {
    ...seed,
    preset: 'bearer-snake',
    chargeOperation: 'deposit',
    withdrawAuth: 'bearer',
    callbackPolicy: 'hmac',
    statusQueryPath: '',
    withdrawal: { ...seed.withdrawal, keyTypeField: 'key_type' },
  };
}

/** A bearer-snake PSP whose status query, at `path`, answers as the seed's behind the token. */
function bearerSnakeQueried(
  seed: PspPresetSettings,
  preset: PspPresetId,
  path: string,
): PspPresetSettings {
  return {
    ...bearerSnake(seed),
    preset,
    statusQueryPath: path,
    statusQuery: { ...seed.statusQuery, auth: 'bearer' },
  };
}

/** The full set of values of a preset (a fresh object each call). */
export function pspPresetSettings(id: PspPresetId): PspPresetSettings {
  const seed = seedValues();
  switch (id) {
    case 'seed':
      return seed;
    case 'cics-pt':
      return {
        ...seed,
        preset: 'cics-pt',
        // ci/cs on every route: no login needed for charges, withdrawals or the query.
        chargeOperation: 'transaction',
        withdrawAuth: 'cics',
        cryptoFeesAuth: 'cics',
        // Callbacks are unsigned: only the status query's answer is applied.
        callbackPolicy: 'confirm-by-query',
        statusQueryPath: '/transactions/check',
        statusQuery: {
          ...seed.statusQuery,
          method: 'POST',
          body: '{"transactionId": "{id}"}',
          reply: {
            ...seed.statusQuery.reply,
            status: ['transaction.transactionState', 'transaction.status', 'status'],
            id: ['transaction.transactionId', 'transactionId'],
            // value/fee units are inconsistent in the public examples: never read an amount.
            amount: [],
            fee: [],
          },
          perMinute: 60,
        },
        defense: {
          ...seed.defense,
          contestValue: 'rejeitado',
          acceptValue: 'aceito',
          minProofs: 1,
          maxProofs: 10,
        },
        withdrawal: {
          ...seed.withdrawal,
          path: '/transactions/withdraw',
          keyField: 'pixKey',
          keyTypeField: 'pixKeyType',
          externalIdField: '',
          callbackField: 'projectWebhook',
          keyTypes: {
            CPF: 'CPF',
            CNPJ: 'CNPJ',
            EMAIL: 'EMAIL',
            PHONE: 'TELEFONE',
            EVP: 'CHAVE_ALEATORIA',
          },
        },
        infractionsMaxPerPage: 10,
        // Its integration document: a charge of `4.55` answers `transactionAmount: 455` and
        // `transactionFee: 23` — integer cents, while the request takes reais.
        createReply: { ...seed.createReply, amountUnit: 'cents', feeUnit: 'cents' },
      };
    case 'bearer-snake':
      return bearerSnake(seed);
    case 'veopag':
      return {
        ...bearerSnake(seed),
        preset: 'veopag',
        // Signed with the panel's webhook secret, under its own header names.
        callback: {
          ...seed.callback,
          signatureHeader: 'x-webhook-signature',
          timestampHeader: 'x-webhook-timestamp',
          secret: 'webhook',
        },
        // Its status query sits behind the Bearer token; `{deposit: null}` when unknown.
        statusQueryPath: '/transactions/deposit?transaction_id={id}',
        statusQuery: {
          ...seed.statusQuery,
          auth: 'bearer',
          reply: {
            status: ['deposit.status'],
            amount: ['deposit.amount'],
            fee: ['deposit.fee'],
            id: ['deposit.transaction_id'],
            brcode: ['deposit.qrcode'],
            notFound: ['deposit'],
          },
        },
        idempotentCreate: true,
        withdrawal: {
          ...bearerSnake(seed).withdrawal,
          taxIdField: 'taxId',
          nameField: 'name',
          receiverRequiredFor: ['EMAIL', 'PHONE', 'EVP'],
        },
      };
    case 'axenpay':
      return bearerSnakeQueried(seed, 'axenpay', '/transactions/getStatusTransac/{id}');
    case 'novaplex':
      return bearerSnakeQueried(seed, 'novaplex', '/payments/deposit/{id}');
    case 'pagloop':
      // Login (`access_token` or `token`, both read by A1), `/payments/deposit` in reais,
      // `qrCodeResponse`: the seed's defaults fit; no status query or signature facts known.
      return { ...seed, preset: 'pagloop' };
  }
}
