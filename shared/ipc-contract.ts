import { z } from 'zod';
import { webhookRegistrationSchema } from './api-pix-webhook';
import { chargeInputSchema, DESCRIPTION_MAX } from './domain/charge-input';
import { CHARGE_STATES } from './domain/charge-state';
import { cryptoFeesSchema } from './domain/crypto-fees';
import { PIX_KEY_TYPES } from './domain/pix-key';
import { SERIES_BY, SERIES_SPANS, type SeriesSpan } from './domain/sales-series';
import { SEND_VIAS } from './domain/send-charge';
import { CALL_CHANNELS, EVENT_CHANNELS, type CallChannel, type EventChannel } from './ipc-channels';
import { CHECK_IDS, CHECK_PROBLEMS, REACH_PROBLEMS } from './domain/connection-checks';
import { REFUSAL_REASONS } from './domain/callback-refusals';
import { HEALTH_ITEMS } from './domain/health';
import { clientCertificateSchema, connectionTestSchema, goLiveSchema } from './onboarding';
import { pspCheckSchema } from './psp-check';
import { shopViewQuerySchema, shopViewSchema } from './shop-view';
import {
  atCounterSchema,
  OPERATOR_ROLES,
  operatorViewSchema,
  shiftSummarySchema,
} from './operators';
import { chargeRefundsSchema, refundViewSchema } from './refunds';
import type { Result } from './result';
import {
  chargeDetailSchema,
  closingPrintSchema,
  receiptLabelsSchema,
  dayClosingSchema,
  historyPageSchema,
  historyQuerySchema,
} from './history';
import { appSettingsSchema, settingsPatchSchema } from './settings';
import {
  chargeViewSchema,
  connectionSchema,
  noticeSchema,
  receiverPinViewSchema,
  withdrawalViewSchema,
} from './views';

export { CALL_CHANNELS, EVENT_CHANNELS, type CallChannel, type EventChannel };

/**
 * The one IPC contract: each call is a `domain:verb` channel with an input and an output
 * schema; each event a channel with a payload schema. The main process handlers, the preload
 * bridge, the development host and the renderer's client are all typed from this object.
 * Inputs are strict (an unknown key is refused); amounts are integer cents.
 */
const none = z.object({}).strict();
const backupsSchema = z.object({
  backups: z.array(
    z.object({
      name: z.string(),
      takenAt: z.number(),
      reason: z.enum(['diario', 'antes-da-migracao', 'manual']),
      charges: z.number().int().optional(),
      ok: z.boolean(),
    }),
  ),
  /** The copy put back at the next start, if the owner chose one. */
  pending: z
    .object({ name: z.string(), takenAt: z.number(), charges: z.number().int() })
    .nullable(),
});
const cents = z.number().int().safe();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD');
const pin = z.string().regex(/^\d{4,8}$/);
const healthViewSchema = z.object({
  level: z.enum(['ok', 'warn', 'bad', 'off']),
  items: z.array(
    z.object({
      id: z.enum(HEALTH_ITEMS),
      level: z.enum(['ok', 'warn', 'bad', 'off']),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
  checkedAt: z.number(),
});
const checkLineSchema = z.object({
  id: z.enum(CHECK_IDS),
  state: z.enum(['pass', 'fail', 'skipped']),
  problem: z.enum(CHECK_PROBLEMS).optional(),
  pspMessage: z.string().optional(),
  relayMessage: z.string().optional(),
  detail: z.string().optional(),
  ms: z.number().optional(),
  signatureChecked: z.boolean().optional(),
  /** An error code worded by the renderer (the API Pix certificate faults), with its params. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const calls = {
  'app:info': {
    input: none,
    output: z.object({
      version: z.string(),
      mode: z.enum(['demo', 'live']),
      host: z.enum(['electron', 'browser']),
      terminalName: z.string(),
      shopName: z.string(),
      chargeOperation: z.enum(['deposit', 'transaction']),
      maxAmountCents: cents,
      language: z.enum(['pt-BR', 'en']),
      connection: connectionSchema,
      firstRun: z.boolean(),
      keychainMissing: z.boolean(),
      /** Refused payment notices today: the owner's notice comes back after a restart. */
      refusalsToday: z
        .object({ count: z.number(), reason: z.enum(REFUSAL_REASONS).nullable() })
        .optional(),
      /** What the PSP in use offers beyond the charge (shared/psp-capabilities.ts). */
      pspOffers: z.object({
        balance: z.boolean(),
        cryptoFees: z.boolean(),
        withdrawals: z.boolean(),
        infractions: z.boolean(),
        dueDateCharges: z.boolean(),
      }),
      /** The shop journal told this Balcão something: the owner's menu offers Loja (issue 36). */
      shopJournal: z.boolean().optional(),
      /** `Este computador: Só proprietário`: no Caixa on the menu, opens on Loja, never charges. */
      ownerOnly: z.boolean().optional(),
    }),
  },
  'charges:create': {
    input: chargeInputSchema.extend({
      /** The sale's own id (a UUID from the screen): lets it abandon the request in flight. */
      requestId: z.uuid().optional(),
    }),
    output: chargeViewSchema,
  },
  'charges:get': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: chargeViewSchema,
  },
  'charges:list': {
    input: z
      .object({
        day: day.optional(),
        status: z.enum(CHARGE_STATES).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    output: z.array(chargeViewSchema),
  },
  'charges:cancel': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: chargeViewSchema,
  },
  /** The screen gave up on a create still in flight: cancel that charge when its answer comes. */
  'charges:abandon': {
    input: z.object({ requestId: z.uuid() }).strict(),
    output: z.object({ ok: z.literal(true) }),
  },
  /** The charge in progress (pending or uncertain), newest first: a reload puts it back. */
  'charges:current': {
    input: none,
    output: chargeViewSchema.nullable(),
  },
  'charges:recheck': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: chargeViewSchema,
  },
  'charges:simulatePayment': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: z.object({ ok: z.literal(true) }),
  },
  /**
   * Enviar cobrança: the pt-BR message and the WhatsApp or mailto link for a waiting charge
   * (only its verified code), handed to the OS where the host can (`opened`).
   */
  'charges:share': {
    input: z
      .object({
        id: z.string().min(1).max(64),
        via: z.enum(SEND_VIAS),
        /** The payer's phone or e-mail as typed; empty = chosen in WhatsApp or the mail client. */
        to: z.string().max(254).optional(),
      })
      .strict(),
    output: z.object({
      url: z.string(),
      text: z.string(),
      to: z.string().optional(),
      opened: z.boolean(),
    }),
  },
  /** A receber: charges waiting for a payer elsewhere, each with how it was sent (newest last). */
  'charges:waiting': {
    input: none,
    output: z.array(
      z.object({
        charge: chargeViewSchema,
        shares: z.array(
          z.object({ via: z.enum(SEND_VIAS), to: z.string().optional(), at: z.number() }),
        ),
      }),
    ),
  },
  'history:page': { input: historyQuerySchema, output: historyPageSchema },
  'history:detail': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: chargeDetailSchema,
  },
  'history:closing': { input: z.object({ day }).strict(), output: dayClosingSchema },
  /** Semana e mês: the last 7 or 30 days ending on `day`, bucketed (shared/domain/sales-series.ts). */
  'history:series': {
    input: z
      .object({
        day,
        span: z.enum(Object.keys(SERIES_SPANS) as [SeriesSpan, ...SeriesSpan[]]),
        by: z.enum(SERIES_BY),
      })
      .strict(),
    output: z.array(
      z.object({
        key: z.string(),
        paid: z.number().int(),
        paidCents: z.number().int(),
        expired: z.number().int(),
        canceled: z.number().int(),
        other: z.number().int(),
      }),
    ),
  },
  /** Loja (owner only): every counter's state, sales, closing and series from the shop journal. */
  'shop:view': { input: shopViewQuerySchema, output: shopViewSchema },
  /** ESC/POS straight to the configured thermal printer; PRINTER_NOT_ESCPOS → the system dialog. */
  'printer:printReceipt': {
    input: z.object({ id: z.string().min(1).max(64), labels: receiptLabelsSchema }).strict(),
    output: z.object({ printed: z.literal(true), target: z.string() }),
  },
  /** Fechamento do dia to the thermal printer, as the renderer laid it out; same answers. */
  'printer:printClosing': {
    input: closingPrintSchema,
    output: z.object({ printed: z.literal(true), target: z.string() }),
  },
  'withdrawals:create': {
    input: z
      .object({
        amountCents: cents,
        pixKeyType: z.enum(PIX_KEY_TYPES),
        pixKey: z.string().min(1).max(100),
        description: z.string().max(DESCRIPTION_MAX).optional(),
        /** The receiver's CPF/CNPJ and name, where the PSP requires them (VeoPag). */
        receiverDocument: z.string().max(30).optional(),
        receiverName: z.string().max(100).optional(),
      })
      .strict(),
    output: withdrawalViewSchema,
  },
  'withdrawals:list': { input: none, output: z.array(withdrawalViewSchema) },
  /** A sale's devoluções and what is left to give back. */
  'refunds:forCharge': {
    input: z.object({ chargeId: z.string().min(1).max(64) }).strict(),
    output: chargeRefundsSchema,
  },
  /** Devolver (owner only): full or partial, never above what is left. */
  'refunds:request': {
    input: z.object({ chargeId: z.string().min(1).max(64), amountCents: cents }).strict(),
    output: refundViewSchema,
  },
  /** Devolver where the PSP has no refund route (the family): a withdrawal to a typed key. */
  'refunds:withdraw': {
    input: z
      .object({
        chargeId: z.string().min(1).max(64),
        amountCents: cents,
        pixKeyType: z.enum(PIX_KEY_TYPES),
        pixKey: z.string().min(1).max(100),
      })
      .strict(),
    output: refundViewSchema,
  },
  /** Fechamento "Conferir com o PSP": the day's received charges against the PSP's PIX list. */
  'history:checkWithPsp': { input: z.object({ day }).strict(), output: pspCheckSchema },
  'account:balance': {
    input: none,
    output: z.object({ fields: z.array(z.object({ key: z.string(), cents })), readAt: z.number() }),
  },
  'account:cryptoFees': {
    input: none,
    output: cryptoFeesSchema.extend({ readAt: z.number() }),
  },
  'infractions:list': {
    input: z
      .object({ page: z.number().int().min(1), perPage: z.number().int().min(1).max(100) })
      .strict(),
    output: z.object({
      items: z.array(
        z.object({
          infractionId: z.string(),
          status: z.string(),
          fields: z.record(z.string(), z.unknown()),
          defended: z.boolean(),
          /** The defense sent from this terminal (the ledger's record). */
          defense: z
            .object({
              analise: z.string(),
              justificativa: z.string(),
              proofs: z.array(z.string()),
              sentAt: z.number(),
              status: z.enum(['SENDING', 'SENT', 'FAILED', 'UNCERTAIN']),
            })
            .optional(),
        }),
      ),
      page: z.number().int(),
      totalPages: z.number().int().optional(),
      hasNext: z.boolean(),
    }),
  },
  'infractions:defend': {
    input: z
      .object({
        infractionId: z.string().min(1).max(100),
        analise: z.enum(['DISAGREED', 'AGREED']),
        justificativa: z.string().max(2000),
        proofs: z.array(z.string().max(2000)).max(10),
      })
      .strict(),
    output: z.object({ infractionId: z.string(), message: z.string().optional() }),
  },
  'credentials:set': {
    input: z
      .object({
        clientId: z.string().trim().min(1).max(200),
        clientSecret: z.string().min(1).max(500),
      })
      .strict(),
    output: z.object({ configured: z.boolean() }),
  },
  'credentials:clear': { input: none, output: z.object({ configured: z.boolean() }) },
  'credentials:status': {
    input: none,
    output: z.object({
      configured: z.boolean(),
      relayToken: z.boolean(),
      webhookSecret: z.boolean().optional(),
      /** The API Pix client certificate is stored (never the certificate itself). */
      clientCertificate: z.boolean().optional(),
    }),
  },
  /** Write-only: the API Pix client certificate, its key and the key's password (empty = remove). */
  'credentials:setClientCertificate': {
    input: clientCertificateSchema,
    output: z.object({ clientCertificate: z.boolean() }),
  },
  /** Write-only: the webhook secret that signs callbacks (empty = remove; rotated like the client secret). */
  'credentials:setWebhookSecret': {
    input: z.object({ secret: z.string().max(500) }).strict(),
    output: z.object({ webhookSecret: z.boolean() }),
  },
  'credentials:setRelayToken': {
    input: z.object({ token: z.string().min(16).max(500) }).strict(),
    output: z.object({ relayToken: z.literal(true) }),
  },
  'settings:get': { input: none, output: appSettingsSchema },
  'settings:update': {
    input: z.object({ patch: settingsPatchSchema }).strict(),
    output: appSettingsSchema,
  },
  'owner:status': {
    input: none,
    output: z.object({
      hasPin: z.boolean(),
      unlocked: z.boolean(),
      unlockedUntil: z.number().optional(),
    }),
  },
  'owner:unlock': {
    input: z.object({ pin: z.string().max(64) }).strict(),
    output: z.object({ unlockedUntil: z.number() }),
  },
  'owner:lock': { input: none, output: z.object({ unlocked: z.literal(false) }) },
  'owner:setPin': {
    input: z.object({ currentPin: z.string().max(64).optional(), newPin: pin }).strict(),
    output: z.object({ hasPin: z.literal(true) }),
  },
  // Operators and shifts (issue 36; electron/services/operators/). The roster is the owner's;
  // the prompt's names, entering with a PIN, leaving and Fechar turno are the counter's.
  'operators:list': { input: none, output: z.array(operatorViewSchema) },
  'operators:add': {
    input: z
      .object({
        name: z.string().max(60),
        pin: z.string().max(64),
        role: z.enum(OPERATOR_ROLES),
      })
      .strict(),
    output: operatorViewSchema,
  },
  /** Rename, new PIN, new role, disable or enable again (her row stays: old sales name her). */
  'operators:update': {
    input: z
      .object({
        id: z.string().min(1).max(64),
        name: z.string().max(60).optional(),
        pin: z.string().max(64).optional(),
        role: z.enum(OPERATOR_ROLES).optional(),
        active: z.boolean().optional(),
      })
      .strict(),
    output: operatorViewSchema,
  },
  /** "Quem está no caixa?": the active names (no PIN); empty = no operators, anonymous counter. */
  'operators:roster': { input: none, output: z.array(operatorViewSchema) },
  /** Who is at the counter: `enabled` false = no operators (as before); `code` why nobody is. */
  'operators:current': {
    input: none,
    output: z.object({
      enabled: z.boolean(),
      current: atCounterSchema.nullable(),
      code: z.string().optional(),
    }),
  },
  /** Opens or resumes her shift at this terminal with her PIN (rate-limited per operator). */
  'operators:enter': {
    input: z.object({ operatorId: z.string().min(1).max(64), pin: z.string().max(64) }).strict(),
    output: atCounterSchema,
  },
  /** Trocar operador / idle lock: back to the prompt; no shift closed, no charge touched. */
  'operators:leave': { input: none, output: z.object({ ok: z.literal(true) }) },
  /** Fechar turno: her own, or any as a supervisor at the counter or the owner. */
  'shifts:close': {
    input: z.object({ shiftId: z.string().min(1).max(64) }).strict(),
    output: shiftSummarySchema,
  },
  // The shop journal (issue 36, Deliver 3; electron/services/journal/): its state for Saúde and
  // Loja, making the shop on the owner's Balcão, pairing a terminal into it (owner-only).
  'shop:status': {
    input: none,
    output: z.object({
      configured: z.boolean(),
      role: z.enum(['owner', 'terminal']).optional(),
      shop: z.string().optional(),
      /** The shop key's epoch this Balcão seals under (a new one after each removal). */
      epoch: z.number().int().optional(),
      unsent: z.number().int(),
      lastPublishedAt: z.number().optional(),
      publisher: z.enum(['off', 'idle', 'sending', 'retrying', 'refused']),
      applied: z.number().int(),
      refused: z.record(z.string(), z.number().int()),
    }),
  },
  /** With the relay's admin token (used once, never kept): makes the shop channel and key. */
  'shop:create': {
    input: z
      .object({ relayUrl: z.string().url().max(500), adminToken: z.string().min(1).max(500) })
      .strict(),
    output: z.object({ shop: z.string() }),
  },
  /** "Parear um caixa": a one-use code (10 minutes) and the shop's address. */
  'shop:pairingCode': {
    input: none,
    output: z.object({ code: z.string(), expiresAt: z.number(), address: z.string() }),
  },
  /** "Entrar na loja": the owner's address and code; the shop key arrives boxed. */
  'shop:join': {
    input: z.object({ address: z.string().max(2000), code: z.string().max(40) }).strict(),
    output: z.object({ shop: z.string() }),
  },
  /**
   * Owner: a counter leaves the shop; what it wrote stays, anything later is refused; a new shop
   * key (`epoch`) went to the `rekeyed` counters that remain.
   */
  'shop:removeTerminal': {
    input: z.object({ terminal: z.string().min(1).max(200) }).strict(),
    output: z.object({
      lastSeq: z.number().int(),
      epoch: z.number().int(),
      rekeyed: z.number().int(),
    }),
  },
  /** Who the PSP's QR codes pay (shared/domain/receiver-pin.ts): shown for review. */
  'receiver:status': { input: none, output: receiverPinViewSchema },
  /** Owner: "yes, this is the shop's account". */
  'receiver:confirm': { input: none, output: receiverPinViewSchema },
  /** Owner: accept the receiver last refused (or, with none, learn the next one). */
  'receiver:repin': { input: none, output: receiverPinViewSchema },
  /** Saúde (shared/domain/health.ts): `probe` asks the PSP, printer and keychain now. */
  'health:get': {
    input: z.object({ probe: z.boolean().optional() }).strict(),
    output: healthViewSchema,
  },
  /** Owner: refused callbacks — today's count by reason, and the last ones kept (newest first). */
  'callbacks:refusals': {
    input: none,
    output: z.object({
      today: z.object({
        count: z.number(),
        reason: z.enum(REFUSAL_REASONS).nullable(),
        byReason: z.partialRecord(z.enum(REFUSAL_REASONS), z.number()),
      }),
      recent: z.array(
        z.object({
          at: z.number(),
          code: z.string(),
          source: z.string(),
          eventId: z.string().optional(),
          ids: z.array(z.string()),
          chargeId: z.string().optional(),
        }),
      ),
    }),
  },
  'onboarding:test': {
    input: connectionTestSchema,
    output: z.object({
      passed: z.boolean(),
      step: z.enum(['login', 'balance']).optional(),
      problem: z.enum(REACH_PROBLEMS).optional(),
      detail: z.string().optional(),
      balanceCents: cents.optional(),
      keychain: z.boolean(),
      /** One line per check the preset needs (shared/domain/connection-checks.ts). */
      checks: z.array(checkLineSchema),
    }),
  },
  'onboarding:save': {
    input: goLiveSchema,
    output: z.object({
      mode: z.literal('live'),
      /** API Pix: what `PUT /webhook/{chave}` answered (or that no relay gave it a URL). */
      webhook: webhookRegistrationSchema.optional(),
    }),
  },
  'onboarding:dismiss': { input: none, output: z.object({ firstRun: z.literal(false) }) },
  /** The welcome screen's language choice (before any PIN exists; the owner's afterwards). */
  'onboarding:language': {
    input: z.object({ language: z.enum(['pt-BR', 'en']) }).strict(),
    output: appSettingsSchema,
  },
  /** API Pix: the last webhook registration's outcome (Configurações), null when none yet. */
  'onboarding:webhook': { input: none, output: webhookRegistrationSchema.nullable() },
  // Integração com o PDV (docs/pdv-integration.md): the exchange's state and its last requests.
  'pdv:overview': {
    input: none,
    output: z.object({
      exchange: z.object({
        state: z.enum(['off', 'watching', 'error']),
        req: z.string(),
        resp: z.string(),
        code: z.string().optional(),
        /** On by the command line (`--pdv-dir`), whatever the saved setting says. */
        forced: z.boolean().optional(),
      }),
      api: z.object({
        url: z.string().nullable(),
        hasToken: z.boolean(),
        /** Why the wanted port is not listening (EADDRINUSE: another program holds it). */
        problem: z.enum(['portBusy', 'failed']).optional(),
        port: z.number().optional(),
        /** On by the command line (`--pdv-api-port`). */
        forced: z.boolean().optional(),
      }),
      requests: z.array(
        z.object({
          id: z.string(),
          command: z.string(),
          identifier: z.string(),
          state: z.string(),
          amountCents: cents.optional(),
          message: z.string(),
          refundReason: z.string().optional(),
          answer: z.string().optional(),
          createdAt: z.number(),
          updatedAt: z.number(),
        }),
      ),
    }),
  },
  /** A new local API token, shown once (only its hash is kept); the old one stops working. */
  'pdv:newToken': { input: none, output: z.object({ token: z.string() }) },
  // The ledger's kept copies, and the one chosen to be put back at the next start (owner only;
  // electron/services/ledger/restore-choice.ts).
  'backups:list': { input: none, output: backupsSchema },
  'backups:restore': {
    input: z
      .object({ name: z.string().regex(/^ledger-[\w-]{1,80}\.sqlite$/, 'ledger-….sqlite') })
      .strict(),
    output: backupsSchema,
  },
  'backups:cancelRestore': { input: none, output: backupsSchema },
  /**
   * Configurações → Cópias de segurança: the OS's folder dialog (owner only). Electron's main
   * process opens it (`offered: true`; `folder` null when cancelled); the development host has
   * none (`offered: false`: the path is typed).
   */
  'backups:chooseFolder': {
    input: none,
    output: z.object({ offered: z.boolean(), folder: z.string().nullable() }),
  },
  /**
   * Closes and reopens the app (owner only), e.g. to apply a chosen restore now. Electron's main
   * process does it (`relaunching: true`); the development host cannot restart itself (`false`).
   */
  'app:relaunch': { input: none, output: z.object({ relaunching: z.boolean() }) },
  // The page on screen to paper (Electron only: the configured printer, else the system
  // dialog) and to a PDF file. The development host answers `unavailable`; the renderer then
  // uses the browser's own print.
  'print:page': {
    input: z.object({ heightMm: z.number().int().min(20).max(2000).optional() }).strict(),
    output: z.object({ printed: z.boolean() }),
  },
  'print:pdf': {
    input: z.object({ fileName: z.string().regex(/^[\w.-]{1,80}\.pdf$/, 'nome.pdf') }).strict(),
    output: z.object({ saved: z.boolean() }),
  },
} as const satisfies Record<CallChannel, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  'charges:updated': chargeViewSchema,
  /** Money landed on a charge (late: after it was canceled or expired). */
  'charges:paid': z.object({ charge: chargeViewSchema, late: z.boolean() }),
  'withdrawals:updated': withdrawalViewSchema,
  'refunds:updated': refundViewSchema,
  'connection:changed': connectionSchema,
  'app:notice': noticeSchema.extend({ level: z.enum(['info', 'warn', 'error']) }),
  /** A MED callback: an infraction was opened or changed (the list should be read again). */
  'infractions:changed': z.object({
    infractionId: z.string(),
    status: z.string(),
    deadline: z.number(),
  }),
  /** The shop's PDV handed a sale over (docs/pdv-integration.md): the Caixa shows its charge. */
  'pdv:sale': z.object({ charge: chargeViewSchema, reference: z.string() }),
  /** A `balcao://cobrar` link: the amount (and reference) to fill on the Caixa. */
  'pdv:prefill': z.object({
    amountCents: cents,
    reference: z.string().optional(),
    /** A TEF Dial sale that waits for the cashier to type its payer (issue 34). */
    waitsForPayer: z.boolean().optional(),
  }),
  /** The Saúde panel's state changed (the cashier's compact indicator follows it). */
  'health:changed': healthViewSchema,
  /**
   * The owner's Balcão applied new shop-journal entries (issue 36): an open Loja reads its view
   * again. Only a count: the view itself is the owner's, behind the PIN (`shop:view`).
   */
  'shop:changed': z.object({ applied: z.number().int().positive() }),
} as const satisfies Record<EventChannel, z.ZodType>;

export type CallInput<C extends CallChannel> = z.input<(typeof calls)[C]['input']>;
export type CallOutput<C extends CallChannel> = z.output<(typeof calls)[C]['output']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;

type Split<S extends string> = S extends `${infer D}:${infer V}` ? [D, V] : never;
type Domains = Split<CallChannel>[0];

/** `window.balcao`: `balcao.charges.create({...})`, `balcao.on('charges:updated', cb)` → unsubscribe. */
export type BalcaoApi = {
  [D in Domains]: {
    [C in CallChannel as Split<C>[0] extends D ? Split<C>[1] : never]: (
      input: CallInput<C>,
    ) => Promise<Result<CallOutput<C>>>;
  };
} & {
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};
