import type { Payer } from '../../../shared/domain/payer';
import type { PixKeyType } from '../../../shared/domain/pix-key';
import { toWireAmount, type Cents } from '../../../shared/domain/money';
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
}
export interface WithdrawInput {
  amountCents: Cents;
  externalId: string;
  pixKey: string;
  pixKeyType: PixKeyType;
  description?: string;
  callbackUrl: string;
}
export interface DefenseInput {
  infractionId: string;
  analise: 'DISAGREED' | 'AGREED';
  justificativa: string;
  proofs: string[];
}

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
      logger: deps.logger ?? silentLogger,
      redactor: this.redactor,
    });
    this.auth = new PspAuth(this.http, deps.credentials, deps.settings, now, this.redactor);
  }

  /** Logs in now (settings screen "test connection"). */
  async login(): Promise<Result<true>> {
    const r = await this.auth.login();
    return r.ok ? ok(true) : r;
  }

  async createDeposit(i: DepositInput): Promise<Result<CreatedCharge>> {
    const body = {
      amount: toWireAmount(i.amountCents),
      external_id: i.externalId,
      clientCallbackUrl: i.callbackUrl,
      payer: i.payer,
      ...(i.description && { description: i.description }),
    };
    const r = await this.withBearer({
      op: 'deposit',
      method: 'POST',
      path: '/payments/deposit',
      body,
      sideEffect: true,
    });
    return r.ok ? readCreatedCharge(r.value.body) : r;
  }

  async createTransaction(i: TransactionInput): Promise<Result<CreatedCharge>> {
    const body = {
      amount: toWireAmount(i.amountCents),
      payerName: i.payerName,
      payerDocument: i.payerDocument,
      transactionId: i.transactionId,
      projectWebhook: i.webhookUrl,
      ...(i.description && { description: i.description }),
      ...(i.splitUser && { splitUser: i.splitUser }),
      ...(i.splitTax !== undefined && { splitTax: i.splitTax }),
      ...(i.gateway && { gateway: i.gateway }),
    };
    const r = await this.withClientHeaders({
      op: 'transaction',
      method: 'POST',
      path: '/transactions/create',
      body,
      sideEffect: true,
    });
    return r.ok ? readCreatedCharge(r.value.body) : r;
  }

  async withdraw(i: WithdrawInput): Promise<Result<WithdrawalReceipt>> {
    const req: PspRequest = {
      op: 'withdraw',
      method: 'POST',
      path: '/withdrawals/withdraw',
      body: {
        amount: toWireAmount(i.amountCents),
        external_id: i.externalId,
        pix_key: i.pixKey,
        pix_key_type: i.pixKeyType,
        ...(i.description && { description: i.description }),
        clientCallbackUrl: i.callbackUrl,
      },
      sideEffect: true,
    };
    const r =
      this.deps.settings.withdrawAuth === 'bearer'
        ? await this.withBearer(req)
        : await this.withClientHeaders(req);
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
      query: { page, perPage },
      sideEffect: false,
    });
    return r.ok ? readInfractions(r.value.body, page, perPage) : r;
  }

  async sendDefense(i: DefenseInput): Promise<Result<{ message?: string }>> {
    const r = await this.withClientHeaders({
      op: 'defense',
      method: 'POST',
      path: `/meds/infractions/${encodeURIComponent(i.infractionId)}/defense`,
      body: { analise: i.analise, justificativa: i.justificativa, proofs: i.proofs },
      sideEffect: true,
    });
    if (!r.ok) return r;
    const b = r.value.body as { message?: unknown } | undefined;
    return ok(typeof b?.message === 'string' ? { message: b.message } : {});
  }

  async cryptoFees(): Promise<Result<CryptoFees>> {
    const r = await this.withBearer({
      op: 'cryptoFees',
      method: 'GET',
      path: '/crypto/fees',
      sideEffect: false,
    });
    return r.ok ? readCryptoFees(r.value.body) : r;
  }

  get hasStatusQuery(): boolean {
    return this.deps.settings.statusQueryPath.trim() !== '';
  }

  /** A10, only when `statusQueryPath` is set (e.g. `/transactions/{id}`). */
  async transactionStatus(id: string): Promise<Result<TransactionStatus>> {
    if (!this.hasStatusQuery) {
      return err('unavailable', 'STATUS_QUERY_OFF');
    }
    const path = this.deps.settings.statusQueryPath.replace('{id}', encodeURIComponent(id));
    const r = await this.withClientHeaders({
      op: 'status',
      method: 'GET',
      path,
      sideEffect: false,
    });
    return r.ok ? readTransactionStatus(r.value.body) : r;
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
