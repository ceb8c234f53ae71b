import type { Payer } from '../../../shared/domain/payer';
import type { CobvTerms } from '../../../shared/domain/cobv';
import type { PixKeyType } from '../../../shared/domain/pix-key';
import { toWireIn, type Cents } from '../../../shared/domain/money';
import type { PspSettings } from '../../../shared/psp-settings';
import { err, ok, type Result } from '../../../shared/result';
import { Redactor, silentLogger, type Logger } from '../log';
import { PspAuth, type CredentialSource } from './auth';
import { PspHttp, type PspErr, type PspRequest, type PspResponse } from './http';
import {
  readBalance,
  readCreatedCharge,
  readCryptoFees,
  readInfractions,
  readTransactionStatus,
  readWithdrawal,
  type BalanceField,
  type CreatedCharge,
  type CryptoFees,
  type InfractionPage,
  type TransactionStatus,
  type WithdrawalReceipt,
} from './replies';

/** shared/domain/payer.ts: document unmasked, phone digits only (55 + area code + number). */
export type { Payer };
export interface DepositInput {
  amountCents: Cents;
  externalId: string;
  callbackUrl: string;
  payer: Payer;
  description?: string;
  /** The charge's life from creation (s): the API Pix asks for at least this; the family ignores it. */
  validitySeconds?: number;
  /** `Com vencimento`: an API Pix `cobv` with these terms (the service refuses it for the family). */
  cobv?: CobvTerms;
}
export interface TransactionInput {
  amountCents: Cents;
  transactionId: string;
  webhookUrl: string;
  payerName: string;
  /** Without mask. */
  payerDocument: string;
  description?: string;
  splitUser?: string;
  splitTax?: number;
  gateway?: string;
  /** As DepositInput's. */
  validitySeconds?: number;
  cobv?: CobvTerms;
}
export interface WithdrawInput {
  amountCents: Cents;
  externalId: string;
  pixKey: string;
  pixKeyType: PixKeyType;
  description?: string;
  callbackUrl: string;
  /** The receiver's CPF/CNPJ (unmasked) and name, sent where the settings name fields. */
  receiver?: { document?: string; name?: string };
}
export interface DefenseInput {
  infractionId: string;
  analise: 'DISAGREED' | 'AGREED';
  justificativa: string;
  proofs: string[];
}

/** Where each charge operation goes and with which auth (the seed's operations 2 and 7). */
const CREATE_ROUTES = {
  deposit: { path: '/payments/deposit', auth: 'bearer' },
  transaction: { path: '/transactions/create', auth: 'cics' },
} as const;

export interface PspClientDeps {
  settings: PspSettings;
  credentials: CredentialSource;
  fetch?: typeof fetch;
  now?: () => number;
  logger?: Logger;
  redactor?: Redactor;
}

/**
 * The typed PSP client: one method per operation of the seed (plus the A10 status query), each
 * returning a Result. It never repeats a request that may have reached the PSP, except after a
 * 401, which proves the PSP did not act on it.
 */
export class PspClient {
  private readonly http: PspHttp;
  private readonly auth: PspAuth;
  readonly redactor: Redactor;

  constructor(private readonly deps: PspClientDeps) {
    const now = deps.now ?? Date.now;
    this.redactor = deps.redactor ?? new Redactor();
    this.http = new PspHttp({
      baseUrl: deps.settings.baseUrl,
      fetch: deps.fetch ?? globalThis.fetch,
      now,
      timeoutMs: deps.settings.requestTimeoutMs,
      maxReplyBytes: deps.settings.maxReplyBytes,
      logger: deps.logger ?? silentLogger,
      redactor: this.redactor,
      successFalseIsError: deps.settings.successFalseIsError,
    });
    this.auth = new PspAuth(this.http, deps.credentials, deps.settings, now, this.redactor);
  }

  /**
   * Whether any route of these settings goes Bearer (so a login is needed). The cics-pt
   * family sends ci/cs everywhere: it has no login to test.
   */
  get usesLogin(): boolean {
    const s = this.deps.settings;
    return (
      s.chargeOperation === 'deposit' ||
      s.withdrawAuth === 'bearer' ||
      s.cryptoFeesAuth === 'bearer' ||
      (s.statusQueryPath.trim() !== '' && s.statusQuery.auth === 'bearer')
    );
  }

  /** Logs in now (settings screen "test connection"). */
  async login(): Promise<Result<true>> {
    const r = await this.auth.login();
    return r.ok ? ok(true) : r;
  }

  /** `/payments/deposit` (Bearer): the seed's operation 2. */
  createDeposit(i: DepositInput): Promise<Result<CreatedCharge>> {
    return this.create('deposit', i.amountCents, {
      external_id: i.externalId,
      clientCallbackUrl: i.callbackUrl,
      payer: i.payer,
      ...(i.description && { description: i.description }),
    });
  }

  /** `/transactions/create` (ci/cs): the seed's operation 7, with the split and gateway. */
  createTransaction(i: TransactionInput): Promise<Result<CreatedCharge>> {
    return this.create('transaction', i.amountCents, {
      payerName: i.payerName,
      payerDocument: i.payerDocument,
      transactionId: i.transactionId,
      projectWebhook: i.webhookUrl,
      ...(i.description && { description: i.description }),
      ...(i.splitUser && { splitUser: i.splitUser }),
      ...(i.splitTax !== undefined && { splitTax: i.splitTax }),
      ...(i.gateway && { gateway: i.gateway }),
    });
  }

  /**
   * The one create path of both operations: the amount in the request's unit, the operation's
   * route and auth, a side effect (never repeated but after a 401), the reply read by the
   * preset's creation-reply paths and units.
   */
  private async create(
    op: keyof typeof CREATE_ROUTES,
    amountCents: Cents,
    fields: Record<string, unknown>,
  ): Promise<Result<CreatedCharge>> {
    const route = CREATE_ROUTES[op];
    const req: PspRequest = {
      op,
      method: 'POST',
      path: route.path,
      body: { amount: toWireIn(amountCents, this.deps.settings.requestAmountUnit), ...fields },
      sideEffect: true,
    };
    const r = await this.sendAs(route.auth, req);
    return r.ok ? readCreatedCharge(r.value.body, this.deps.settings.createReply) : r;
  }

  /** A2, or the preset's path, field names and key-type vocabulary (`psp.withdrawal`). */
  async withdraw(i: WithdrawInput): Promise<Result<WithdrawalReceipt>> {
    const w = this.deps.settings.withdrawal;
    const req: PspRequest = {
      op: 'withdraw',
      method: 'POST',
      path: w.path,
      body: {
        amount: toWireIn(i.amountCents, w.amountUnit),
        ...(w.externalIdField && { [w.externalIdField]: i.externalId }),
        [w.keyField]: i.pixKey,
        [w.keyTypeField]: w.keyTypes[i.pixKeyType],
        ...(i.description && { description: i.description }),
        ...(w.taxIdField && i.receiver?.document && { [w.taxIdField]: i.receiver.document }),
        ...(w.nameField && i.receiver?.name && { [w.nameField]: i.receiver.name }),
        [w.callbackField]: i.callbackUrl,
      },
      sideEffect: true,
    };
    const r = await this.sendAs(this.deps.settings.withdrawAuth, req);
    return r.ok ? readWithdrawal(r.value.body) : r;
  }

  async balance(): Promise<Result<BalanceField[]>> {
    const r = await this.withClientHeaders({
      op: 'balance',
      method: 'GET',
      path: '/users/balance',
      sideEffect: false,
    });
    return r.ok ? readBalance(r.value.body) : r;
  }

  async infractions(page: number, perPage: number): Promise<Result<InfractionPage>> {
    const r = await this.withClientHeaders({
      op: 'infractions',
      method: 'GET',
      path: '/meds/infractions/list',
      query: { page, perPage: Math.min(perPage, this.deps.settings.infractionsMaxPerPage) },
      sideEffect: false,
    });
    return r.ok
      ? readInfractions(
          r.value.body,
          page,
          Math.min(perPage, this.deps.settings.infractionsMaxPerPage),
        )
      : r;
  }

  async sendDefense(i: DefenseInput): Promise<Result<{ message?: string }>> {
    const r = await this.withClientHeaders({
      op: 'defense',
      method: 'POST',
      path: `/meds/infractions/${encodeURIComponent(i.infractionId)}/defense`,
      // The app's stance, in the PSP's words (A5, or `rejeitado`/`aceito` for cics-pt).
      body: {
        analise:
          i.analise === 'DISAGREED'
            ? this.deps.settings.defense.contestValue
            : this.deps.settings.defense.acceptValue,
        justificativa: i.justificativa,
        proofs: i.proofs,
      },
      sideEffect: true,
    });
    if (!r.ok) return r;
    const b = r.value.body as { message?: unknown } | undefined;
    return ok(typeof b?.message === 'string' ? { message: b.message } : {});
  }

  async cryptoFees(): Promise<Result<CryptoFees>> {
    const req: PspRequest = {
      op: 'cryptoFees',
      method: 'GET',
      path: '/crypto/fees',
      sideEffect: false,
    };
    const r = await this.sendAs(this.deps.settings.cryptoFeesAuth, req);
    return r.ok ? readCryptoFees(r.value.body) : r;
  }

  get hasStatusQuery(): boolean {
    return this.deps.settings.statusQueryPath.trim() !== '';
  }

  /**
   * A10 or the preset's query (`psp.statusQueryPath` + `psp.statusQuery`), only when a path is
   * set. Callers go through the shared budget (StatusQueryGate), never here directly.
   */
  async transactionStatus(id: string): Promise<Result<TransactionStatus>> {
    if (!this.hasStatusQuery) {
      return err('unavailable', 'STATUS_QUERY_OFF');
    }
    const q = this.deps.settings.statusQuery;
    const path = this.deps.settings.statusQueryPath.replaceAll('{id}', encodeURIComponent(id));
    const body = q.method === 'POST' ? fillBodyTemplate(q.body, id) : undefined;
    const req: PspRequest = {
      op: 'status',
      method: q.method,
      path,
      ...(body !== undefined && { body }),
      sideEffect: false,
    };
    const r = await this.sendAs(q.auth, req);
    return r.ok ? readTransactionStatus(r.value.body, q.reply, q) : r;
  }

  /** The request as the route authenticates: a Bearer token, or the client pair (ci/cs). */
  private sendAs(auth: 'bearer' | 'cics', req: PspRequest): Promise<Result<PspResponse>> {
    return auth === 'bearer' ? this.withBearer(req) : this.withClientHeaders(req);
  }

  private async withBearer(req: PspRequest): Promise<Result<PspResponse>> {
    const send = async () => {
      const token = await this.auth.bearer();
      if (!token.ok) return token;
      return this.http.send({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${token.value}` },
      });
    };
    const first = await send();
    if (first.ok || (first as PspErr).httpStatus !== 401) return first;
    // The PSP refused the token, so it did not act on the request: log in again, once.
    this.auth.invalidate();
    return send();
  }

  private async withClientHeaders(req: PspRequest): Promise<Result<PspResponse>> {
    const headers = await this.auth.clientHeaders();
    if (!headers.ok) return headers;
    return this.http.send({ ...req, headers: { ...req.headers, ...headers.value } });
  }
}

/**
 * The status query's body: the template parsed as JSON, then `"{id}"` replaced by the id (a
 * number when it is all digits, as the cics-pt family's numeric ids) and `{id}` inside longer
 * strings by its text. The id never reaches the JSON text, so it cannot change its shape.
 */
export function fillBodyTemplate(template: string, id: string): unknown {
  if (template.trim() === '') return undefined;
  const fill = (v: unknown): unknown => {
    if (v === '{id}') return /^\d{1,15}$/.test(id) ? Number(id) : id;
    if (typeof v === 'string') return v.replaceAll('{id}', id);
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(JSON.parse(template));
}
