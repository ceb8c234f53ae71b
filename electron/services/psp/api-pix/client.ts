import { createHash } from 'node:crypto';
import { formatBRL, type Cents } from '../../../../shared/domain/money';
import type { PspSettings } from '../../../../shared/psp-settings';
import { err, ok, type Result } from '../../../../shared/result';
import { Redactor, silentLogger, type Logger } from '../../log';
import type { CredentialSource } from '../auth';
import { PspHttp, type PspErr, type PspRequest, type PspResponse } from '../http';
import type { CreatedCharge, TransactionStatus } from '../replies';
import {
  checkCobv,
  cobvDue,
  cobvRequestBody,
  shopDate,
  type CobvDue,
  type CobvTerms,
} from '../../../../shared/domain/cobv';
import { checkClientCertificate, type CertificateFacts } from './certificate';
import { checkCobvReply, finalsNow, readCobvPayment, type CobvPayment } from './cobv-reply';
import { verifyLocation } from './location';
import { probeMtls } from './probe';
import { ApiPixToken } from './token';
import { mtlsFetch, type ClientCertificate, type OwnedFetch } from './tls';
import { centsToValor, valorToCents } from './valor';

export interface ApiPixClientDeps {
  settings: PspSettings;
  credentials: CredentialSource;
  /** The shop's client certificate, from the keychain. */
  certificate: () => Promise<ClientCertificate | null>;
  /** How the payer's bank reads a location (plain TLS, system roots; a sandbox maps its name). */
  payerFetch: typeof fetch;
  /** Extra trust anchors for the PSP's server certificate (a sandbox's CA); none in production. */
  ca?: string;
  now?: () => number;
  logger?: Logger;
  redactor?: Redactor;
  /** Wraps the mutual-TLS fetch of every API call (the PSP's health reads them: psp-health.ts). */
  observe?: (f: typeof fetch) => typeof fetch;
}

export interface ApiPixChargeInput {
  amountCents: Cents;
  externalId: string;
  description?: string;
  /** The charge's life in Balcão (s): `expiracao` is never shorter (a charge sent to a payer elsewhere). */
  validitySeconds?: number;
}

/** A charge with a due date (`cobv`): the face value, its terms and its payer (required). */
export interface ApiPixCobvInput {
  amountCents: Cents;
  externalId: string;
  description?: string;
  terms: CobvTerms;
  payer: { name: string; document: string };
}

/**
 * Our txid for a charge: `blc` + 29 hex digits of SHA-256 of the charge's external id. The same
 * charge always gets the same txid, so a retry after a lost answer is the same `PUT /cob/{txid}`
 * (idempotent), never a second charge; 32 characters of `[a-zA-Z0-9]` ([spec] TxId: 26–35).
 */
export const txidFor = (externalId: string, cobv = false): string =>
  `${cobv ? COBV_PREFIX : 'blc'}${createHash('sha256').update(externalId).digest('hex').slice(0, 29)}`;

/**
 * A cobv's txid starts `blv`: the status, the cancel and a restart after days know which
 * resource (`/cob` or `/cobv`) holds it from the id alone, with nothing else to keep.
 */
const COBV_PREFIX = 'blv';
const isCobv = (txid: string) => txid.startsWith(COBV_PREFIX);

/** The API Pix's charge statuses in the words the app's status map already knows. */
const STATUS: Record<string, string> = {
  ATIVA: 'PENDING',
  CONCLUIDA: 'PAID',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'CANCELED',
  REMOVIDA_PELO_PSP: 'CANCELED',
  // The spec's description spells it this way; its enum says REMOVIDA_ (docs/api-pix.md).
  REMOVIDO_PELO_USUARIO_RECEBEDOR: 'CANCELED',
  REMOVIDO_PELO_PSP: 'CANCELED',
};

type Api = { http: PspHttp; token: ApiPixToken; owned: OwnedFetch };

/**
 * The API Pix kind (docs/api-pix.md): OAuth2 client credentials and every call over mutual TLS
 * with the shop's certificate, `PUT /cob/{txid}` with our txid, the reply's amount checked to
 * the cent and its dynamic BR Code verified as the payer's bank will before it is returned,
 * `GET /cob/{txid}` for the status, `PATCH` to cancel at the PSP. One HTTP stack with the
 * family's client (PspHttp: timeouts, no redirects, reply size and depth limits).
 */
/** Pages of `GET /pix?txid=` read for one charge at most (each page is one call of the rate budget). */
const PIX_LIST_MAX_PAGES = 5;

export class ApiPixClient {
  readonly redactor: Redactor;
  private api: Api | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ApiPixClientDeps) {
    this.now = deps.now ?? Date.now;
    this.redactor = deps.redactor ?? new Redactor();
  }

  readonly hasStatusQuery = true;

  private get s() {
    return this.deps.settings.apiPix;
  }

  private async open(): Promise<Result<Api>> {
    if (this.api) return ok(this.api);
    const cert = await this.deps.certificate();
    if (!cert) return err('auth', 'APIPIX_CERT_MISSING');
    if (cert.passphrase) this.redactor.add(cert.passphrase);
    const owned = mtlsFetch(cert, this.deps.ca ? { ca: this.deps.ca } : {});
    const common = {
      fetch: this.deps.observe ? this.deps.observe(owned.fetch) : owned.fetch,
      now: this.now,
      timeoutMs: this.deps.settings.requestTimeoutMs,
      maxReplyBytes: this.deps.settings.maxReplyBytes,
      logger: this.deps.logger ?? silentLogger,
      redactor: this.redactor,
      successFalseIsError: false,
    };
    const http = new PspHttp({ ...common, baseUrl: this.deps.settings.baseUrl });
    const tokenHttp = new PspHttp({ ...common, baseUrl: this.s.tokenUrl || 'https://psp.invalid' });
    const token = new ApiPixToken(
      tokenHttp,
      this.deps.credentials,
      () => this.s,
      this.now,
      this.redactor,
    );
    this.api = { http, token, owned };
    return ok(this.api);
  }

  async close(): Promise<void> {
    await this.api?.owned.close();
    this.api = null;
  }

  /** Testar conexão: the certificate on its own, then a real handshake, then a token. */
  async testConnection(): Promise<Result<CertificateFacts>> {
    const cert = await this.deps.certificate();
    if (!cert) return err('auth', 'APIPIX_CERT_MISSING');
    const facts = checkClientCertificate(cert, this.now());
    if (!facts.ok) return facts;
    if (!this.s.tokenUrl) return err('validation', 'APIPIX_TOKEN_URL_EMPTY');
    for (const url of new Set([this.s.tokenUrl, this.deps.settings.baseUrl])) {
      const p = await probeMtls(url, cert, {
        ...(this.deps.ca && { ca: this.deps.ca }),
        timeoutMs: this.deps.settings.requestTimeoutMs,
      });
      if (!p.ok) return p;
    }
    const api = await this.open();
    if (!api.ok) return api;
    api.value.token.invalidate();
    const t = await api.value.token.bearer();
    return t.ok ? facts : t;
  }

  /**
   * The health line's idle probe, the way the real calls go: one handshake with the shop's
   * certificate and one `HEAD` (no token, no rate-limited route). A refusal is an answer: the
   * bank is there (a certificate problem is Testar conexão's to say), only silence or no route
   * is `unreachable`.
   */
  async reach(): Promise<'answered' | 'unreachable' | 'skipped'> {
    const cert = await this.deps.certificate();
    if (!cert || !this.deps.settings.baseUrl) return 'skipped';
    const p = await probeMtls(this.deps.settings.baseUrl, cert, {
      ...(this.deps.ca && { ca: this.deps.ca }),
      timeoutMs: Math.min(this.deps.settings.requestTimeoutMs, 5_000),
    });
    return p.ok || (p.code !== 'PSP_UNREACHABLE' && p.code !== 'PSP_TIMEOUT')
      ? 'answered'
      : 'unreachable';
  }

  /** A fresh token (Testar conexão's `token` line): the pair and the token URL work. */
  async freshToken(): Promise<Result<true>> {
    const api = await this.open();
    if (!api.ok) return api;
    api.value.token.invalidate();
    const t = await api.value.token.bearer();
    return t.ok ? ok(true) : t;
  }

  // The charge seam (charges/charge-psp.ts) calls one of these two; both are a `cob`.
  createDeposit(
    i: ApiPixChargeInput & { cobv?: CobvTerms; payer?: { name: string; document: string } },
  ): Promise<Result<CreatedCharge>> {
    if (i.cobv)
      return this.chargeCobv({
        amountCents: i.amountCents,
        externalId: i.externalId,
        ...(i.description !== undefined && { description: i.description }),
        terms: i.cobv,
        payer: { name: i.payer?.name ?? '', document: i.payer?.document ?? '' },
      });
    return this.charge(i);
  }
  createTransaction(i: {
    amountCents: Cents;
    transactionId: string;
    description?: string;
    validitySeconds?: number;
    cobv?: CobvTerms;
    payerName?: string;
    payerDocument?: string;
  }) {
    if (i.cobv)
      return this.chargeCobv({
        amountCents: i.amountCents,
        externalId: i.transactionId,
        ...(i.description !== undefined && { description: i.description }),
        terms: i.cobv,
        payer: { name: i.payerName ?? '', document: i.payerDocument ?? '' },
      });
    return this.charge({
      amountCents: i.amountCents,
      externalId: i.transactionId,
      ...(i.description !== undefined && { description: i.description }),
      ...(i.validitySeconds !== undefined && { validitySeconds: i.validitySeconds }),
    });
  }

  /**
   * `PUT /cob/{txid}` with our txid. A bank that answers a repeated txid with 409 (Efí's
   * `txid_duplicado`, docs/api-pix.md) already holds this charge from an attempt whose answer
   * was lost: it is read back with `GET /cob/{txid}` and checked exactly as a create's answer,
   * never sent again.
   */
  async charge(i: ApiPixChargeInput): Promise<Result<CreatedCharge>> {
    const chave = this.s.chave.trim();
    if (!chave) return err('validation', 'APIPIX_CHAVE_EMPTY');
    const txid = txidFor(i.externalId);
    const r = await this.call({
      op: 'cob',
      method: 'PUT',
      path: `/cob/${txid}`,
      body: {
        calendario: { expiracao: Math.max(this.s.expiracaoSeconds, i.validitySeconds ?? 0) },
        valor: { original: centsToValor(i.amountCents) },
        chave,
        ...(i.description && { solicitacaoPagador: i.description.slice(0, 140) }),
      },
      sideEffect: true,
    });
    if (!r.ok && (r as PspErr).httpStatus === 409) {
      const held = await this.cob(txid);
      // Unreadable now: still a charge the bank holds, so uncertain (asked again later).
      if (!held.ok) return { ...r, kind: 'uncertain' };
      return this.checkCob(held.value, { txid, chave, amountCents: i.amountCents });
    }
    if (!r.ok) return r;
    return this.checkCob((r.value.body ?? {}) as Record<string, unknown>, {
      txid,
      chave,
      amountCents: i.amountCents,
    });
  }

  /**
   * A cob as the bank answers it (to `PUT` or `GET`), checked before anything of it is used: our
   * amount to the cent, our txid and key, a known status and, while `ATIVA`, a dynamic BR Code
   * whose location's signed payload says the same. A wrong amount or signature removes it.
   */
  private async checkCob(
    b: Record<string, unknown>,
    want: { txid: string; chave: string; amountCents: Cents },
  ): Promise<Result<CreatedCharge>> {
    const { txid, chave } = want;
    const valor = valorToCents(
      (b.valor as { original?: unknown } | undefined)?.original,
      'valor.original',
    );
    if (!valor.ok) return replyInvalid('valor.original');
    if (valor.value !== want.amountCents) {
      await this.cancel(txid); // nobody may pay a charge for the wrong amount
      return err('validation', 'APIPIX_AMOUNT_DIFFERS', {
        params: { amount: formatBRL(want.amountCents), pspAmount: formatBRL(valor.value) },
      });
    }
    if (b.txid !== txid) return replyInvalid('txid');
    if (b.chave !== chave) return replyInvalid('chave');
    const status = typeof b.status === 'string' ? b.status : '';
    const mapped = STATUS[status];
    if (!mapped) return replyInvalid('status');
    if (status !== 'ATIVA') {
      // An earlier PUT of this txid already concluded or was removed: report that, no QR.
      return ok({ transactionId: txid, status: mapped, qrcode: '', amountCents: valor.value });
    }
    const checked = await this.verifiedCode(b, txid, want.amountCents, chave);
    if (!checked.ok) return checked;
    return ok({
      transactionId: txid,
      status: mapped,
      qrcode: checked.value,
      amountCents: valor.value,
      amountAtLocation: true,
    });
  }

  /** Verified BR Codes by txid: a code read again (a status query) is not fetched again. */
  private readonly verified = new Map<string, string>();

  /** The cob's `pixCopiaECola`, once its location serves our txid, amount and key, signed. */
  private async verifiedCode(
    b: Record<string, unknown>,
    txid: string,
    amountCents: Cents,
    chave: string,
  ): Promise<Result<string>> {
    const brcode = b.pixCopiaECola;
    if (typeof brcode !== 'string' || !brcode) return err('validation', 'APIPIX_NO_BRCODE');
    if (this.verified.get(txid) === `${amountCents}:${brcode}`) return ok(brcode);
    const location =
      typeof b.location === 'string'
        ? b.location
        : (b.loc as { location?: unknown } | undefined)?.location;
    if (typeof location !== 'string') return replyInvalid('location');
    const checked = await verifyLocation(
      { brcode, location, txid, amountCents, chave },
      this.deps.payerFetch,
      this.deps.settings.requestTimeoutMs,
    );
    if (!checked.ok) {
      // A signed charge that differs, or a signature that fails, will never be right: remove it.
      const why = checked.params?.reason;
      if (checked.code === 'APIPIX_QR_MISMATCH' || why === 'bad-signature' || why === 'unknown-key')
        await this.cancel(txid);
      return checked;
    }
    if (this.verified.size >= 500) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(txid, `${amountCents}:${brcode}`);
    return ok(brcode);
  }

  /** `GET /cob/{txid}`: the status, and what was paid (the sum of its PIX) once concluded. */
  async transactionStatus(txid: string): Promise<Result<TransactionStatus>> {
    if (isCobv(txid)) return this.cobvStatus(txid);
    const r = await this.cob(txid);
    if (!r.ok) return r;
    const b = r.value;
    const raw = typeof b.status === 'string' ? b.status : '';
    const status = STATUS[raw] ?? raw;
    if (!status) return replyInvalid('status', false);
    if (raw === 'ATIVA')
      return ok({ status, transactionId: txid, ...(await this.codeOf(b, txid)) });
    let paid: Cents | undefined;
    if (raw === 'CONCLUIDA') {
      const pix = Array.isArray(b.pix) ? (b.pix as Array<{ valor?: unknown }>) : [];
      if (pix.length === 0) return replyInvalid('pix', false);
      paid = 0;
      for (const p of pix) {
        const v = valorToCents(p.valor, 'pix.valor');
        if (!v.ok) return v;
        paid += v.value;
      }
    }
    return ok({ status, transactionId: txid, ...(paid !== undefined && { amountCents: paid }) });
  }

  /**
   * What a pending cob's answer brings for a charge whose create answer was lost: its amount and
   * its BR Code, verified at its location as a create's answer is. Nothing when it does not
   * verify (the status still stands; the code is never shown unverified).
   */
  private async codeOf(
    b: Record<string, unknown>,
    txid: string,
  ): Promise<Partial<TransactionStatus>> {
    const valor = valorToCents(
      (b.valor as { original?: unknown } | undefined)?.original,
      'valor.original',
    );
    const chave = this.s.chave.trim();
    if (!valor.ok || b.txid !== txid || b.chave !== chave) return {};
    const code = await this.verifiedCode(b, txid, valor.value, chave);
    return code.ok
      ? { amountCents: valor.value, qrcode: code.value, amountAtLocation: true }
      : { amountCents: valor.value };
  }

  /** The PIX that paid a charge (`pix[]` of its cob or cobv): a devolução names its endToEndId. */
  async cobPayments(txid: string): Promise<Result<ReceivedPix[]>> {
    const r = await this.cob(txid);
    return r.ok ? readPixList(r.value.pix) : r;
  }

  /**
   * `GET /cob/{txid}` (or `/cobv/{txid}` for a charge with a due date: its own resource, and a
   * bank answers 404 for it under `/cob`): the charge as the PSP holds it.
   */
  private async cob(txid: string): Promise<Result<Record<string, unknown>>> {
    const cobv = isCobv(txid);
    const r = await this.call({
      op: cobv ? 'cobv-status' : 'cob-status',
      method: 'GET',
      path: `/${cobv ? 'cobv' : 'cob'}/${encodeURIComponent(txid)}`,
      sideEffect: false,
    });
    if (!r.ok && isCobNotFound(r))
      return err('not_found', 'PSP_NOT_FOUND', { params: r.params ?? {} });
    return r.ok ? ok((r.value.body ?? {}) as Record<string, unknown>) : r;
  }

  /** Cancels at the PSP (`PATCH /cob/{txid}` → REMOVIDA_PELO_USUARIO_RECEBEDOR). */
  async cancel(txid: string): Promise<Result<{ status: string }>> {
    if (isCobv(txid)) return this.cancelCobv(txid);
    const r = await this.call({
      op: 'cob-cancel',
      method: 'PATCH',
      path: `/cob/${encodeURIComponent(txid)}`,
      body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
      sideEffect: true,
    });
    if (!r.ok) return r.code === 'PSP_REJECTED' ? err('conflict', 'APIPIX_CANCEL_REFUSED') : r;
    const s = (r.value.body as { status?: unknown } | undefined)?.status;
    return ok({ status: (typeof s === 'string' && STATUS[s]) || 'CANCELED' });
  }

  /**
   * `PUT /cobv/{txid}` (a charge with a due date). Its terms are checked first, in words, and
   * nothing is sent when they are wrong; the reply must be our charge with our very terms; its
   * code is shown only once the location's signed payload says our txid, key, face value and the
   * `final` our terms give for today (docs/remote-charges.md). A wrong one is removed at the PSP.
   */
  async chargeCobv(i: ApiPixCobvInput): Promise<Result<CreatedCharge & { due: CobvDue }>> {
    const chave = this.s.chave.trim();
    if (!chave) return err('validation', 'APIPIX_CHAVE_EMPTY');
    const today = shopDate(this.now());
    const checked = checkCobv(i.terms, i.amountCents, i.payer, today);
    if (!checked.ok) return checked;
    const { terms, payer } = checked.value;
    const txid = txidFor(i.externalId, true);
    const r = await this.call({
      op: 'cobv',
      method: 'PUT',
      path: `/cobv/${txid}`,
      body: cobvRequestBody(terms, i.amountCents, payer, chave, i.description),
      sideEffect: true,
    });
    if (!r.ok) return r;
    const b = (r.value.body ?? {}) as Record<string, unknown>;
    const want = { txid, chave, amountCents: i.amountCents, terms };
    const reply = checkCobvReply(b, want);
    if (!reply.ok) {
      if (reply.params?.field !== 'txid') await this.cancelCobv(txid);
      return reply;
    }
    const status = STATUS[reply.value.raw];
    if (!status) return replyInvalid('status');
    const due = cobvDue(terms, i.amountCents, today);
    const base = { transactionId: txid, status, amountCents: i.amountCents, due };
    if (reply.value.raw !== 'ATIVA') return ok({ ...base, qrcode: '' });
    const brcode = b.pixCopiaECola;
    const location = b.location ?? (b.loc as { location?: unknown } | undefined)?.location;
    if (typeof brcode !== 'string' || !brcode) return err('validation', 'APIPIX_NO_BRCODE');
    if (typeof location !== 'string') return replyInvalid('location');
    const v = await verifyLocation(
      {
        brcode,
        location,
        txid,
        chave,
        amountCents: i.amountCents,
        finals: finalsNow(terms, i.amountCents, this.now()),
      },
      this.deps.payerFetch,
      this.deps.settings.requestTimeoutMs,
    );
    if (!v.ok) {
      const why = v.params?.reason;
      if (v.code === 'APIPIX_QR_MISMATCH' || why === 'bad-signature' || why === 'unknown-key')
        await this.cancelCobv(txid);
      return v;
    }
    return ok({ ...base, qrcode: brcode, amountAtLocation: true });
  }

  /**
   * `GET /cobv/{txid}`: its status and, once paid, the payment read against its terms: exactly
   * what was due that day is Pago (its fine and interest said), anything else a different amount.
   */
  async cobvStatus(txid: string): Promise<Result<TransactionStatus & { payment?: CobvPayment }>> {
    const r = await this.call({
      op: 'cobv-status',
      method: 'GET',
      path: `/cobv/${encodeURIComponent(txid)}`,
      sideEffect: false,
    });
    if (!r.ok) return (r as PspErr).httpStatus === 404 ? err('not_found', 'PSP_NOT_FOUND') : r;
    const b = (r.value.body ?? {}) as Record<string, unknown>;
    if (b.txid !== txid) return replyInvalid('txid', false);
    const raw = typeof b.status === 'string' ? b.status : '';
    const status = STATUS[raw];
    if (!status) return replyInvalid('status', false);
    if (raw !== 'CONCLUIDA') return ok({ status, transactionId: txid });
    const payment = readCobvPayment(b);
    if (!payment.ok) return payment;
    return ok({
      status,
      transactionId: txid,
      amountCents: payment.value.paidCents,
      dueCents: payment.value.due.final,
      payment: payment.value,
    });
  }

  /** Cancels a cobv at the PSP (`PATCH /cobv/{txid}` → REMOVIDA_PELO_USUARIO_RECEBEDOR). */
  async cancelCobv(txid: string): Promise<Result<{ status: string }>> {
    const r = await this.call({
      op: 'cobv-cancel',
      method: 'PATCH',
      path: `/cobv/${encodeURIComponent(txid)}`,
      body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
      sideEffect: true,
    });
    if (!r.ok) return r.code === 'PSP_REJECTED' ? err('conflict', 'APIPIX_CANCEL_REFUSED') : r;
    const s = (r.value.body as { status?: unknown } | undefined)?.status;
    return ok({ status: (typeof s === 'string' && STATUS[s]) || 'CANCELED' });
  }

  /** `PUT /webhook/{chave}`: the PSP posts `{pix: [...]}` to `{url}/pix` (docs/api-pix.md). */
  async registerWebhook(url: string): Promise<Result<true>> {
    const chave = this.s.chave.trim();
    if (!chave) return err('validation', 'APIPIX_CHAVE_EMPTY');
    const r = await this.call({
      op: 'webhook',
      method: 'PUT',
      path: `/webhook/${encodeURIComponent(chave)}`,
      body: { webhookUrl: url },
      sideEffect: true,
    });
    return r.ok ? ok(true) : r;
  }

  /**
   * `PUT /pix/{e2eid}/devolucao/{id}`: a refund, partial or full, with OUR id (a retry is the
   * same id: the PSP refuses a second use, so it is never sent twice). Status as the PSP says it.
   */
  async refund(e2eid: string, id: string, cents: Cents): Promise<Result<{ status: string }>> {
    const r = await this.call({
      op: 'devolucao',
      method: 'PUT',
      path: `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`,
      body: { valor: centsToValor(cents) },
      sideEffect: true,
    });
    return r.ok ? readRefund(r.value.body, cents) : r;
  }

  async refundStatus(e2eid: string, id: string): Promise<Result<{ status: string }>> {
    const r = await this.call({
      op: 'devolucao-status',
      method: 'GET',
      path: `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`,
      sideEffect: false,
    });
    return r.ok ? readRefund(r.value.body) : r;
  }

  /**
   * What the received-PIX list says was paid to this txid (`GET /pix?txid=`, cents; 0: none).
   * A PIX found in the API Pix is settled ([spec] maintainers, bacen/pix-api #81), so this is
   * authoritative where a bank's `GET /cob` lags the payment (bacen/pix-api #321).
   */
  async paidByList(txid: string): Promise<Result<Cents>> {
    const now = this.now();
    // The cob lives at most `expiracao`; an hour each side for clocks apart.
    const inicio = new Date(now - (this.s.expiracaoSeconds + 3_600) * 1000).toISOString();
    const fim = new Date(now + 3_600_000).toISOString();
    let sum = 0;
    // A list may span pages (`paginacao`, bacen/pix-api OpenAPI): a payment on page 2 counts.
    // Bounded: a txid is paid a handful of times at most, so a few pages are all there can be.
    for (let page = 0, pages = 1; page < Math.min(pages, PIX_LIST_MAX_PAGES); page++) {
      const r = await this.call({
        op: 'pix-list',
        method: 'GET',
        path: '/pix',
        query: {
          inicio,
          fim,
          txid,
          'paginacao.paginaAtual': page,
          'paginacao.itensPorPagina': 100,
        },
        sideEffect: false,
      });
      if (!r.ok) return r;
      const b = (r.value.body ?? {}) as {
        pix?: unknown;
        parametros?: { paginacao?: { quantidadeDePaginas?: unknown } };
      };
      const list = readPixList(b.pix);
      if (!list.ok) return list;
      sum += list.value.filter((p) => p.txid === txid).reduce((s, p) => s + p.cents, 0);
      const n = Number(b.parametros?.paginacao?.quantidadeDePaginas);
      pages = Number.isInteger(n) && n > 0 ? n : 1;
    }
    return ok(sum);
  }

  /**
   * `GET /pix/{e2eid}`: one received PIX, settled whenever found ([spec] maintainers, bacen/pix-api
   * #81: "somente será retornado um erro ou um pix liquidado"). With its receiver's key when the
   * bank sends it (`chave` is optional in the spec's `Pix`).
   */
  async pixById(e2eid: string): Promise<Result<ReceivedPix & { chave?: string }>> {
    const r = await this.call({
      op: 'pix-status',
      method: 'GET',
      path: `/pix/${encodeURIComponent(e2eid)}`,
      sideEffect: false,
    });
    if (!r.ok) return r;
    const b = (r.value.body ?? {}) as Record<string, unknown>;
    const one = readPixList([b]);
    if (!one.ok) return one;
    const chave = typeof b.chave === 'string' ? b.chave : undefined;
    return ok({ ...one.value[0]!, ...(chave !== undefined && { chave }) });
  }

  /** Our key, as the settings have it (a received PIX's `chave` must be it). */
  get chave(): string {
    return this.s.chave.trim();
  }

  /** One page of `GET /pix` (received PIX between two instants, RFC 3339), amounts in cents. */
  async receivedPix(
    inicio: Date,
    fim: Date,
    page = 0,
  ): Promise<Result<{ pix: ReceivedPix[]; pages: number }>> {
    const r = await this.call({
      op: 'pix-list',
      method: 'GET',
      path: '/pix',
      query: {
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        'paginacao.paginaAtual': page,
        'paginacao.itensPorPagina': 100,
      },
      sideEffect: false,
    });
    if (!r.ok) return r;
    const b = (r.value.body ?? {}) as {
      pix?: Array<Record<string, unknown>>;
      parametros?: { paginacao?: { quantidadeDePaginas?: unknown } };
    };
    const out = readPixList(b.pix);
    if (!out.ok) return out;
    const pages = Number(b.parametros?.paginacao?.quantidadeDePaginas);
    return ok({ pix: out.value, pages: Number.isInteger(pages) && pages > 0 ? pages : 1 });
  }

  /** Bearer on every call; after a 401 (the PSP did not act) one new token and one retry. */
  private async call(req: PspRequest): Promise<Result<PspResponse>> {
    const api = await this.open();
    if (!api.ok) return api;
    const { http, token } = api.value;
    const send = async () => {
      const t = await token.bearer();
      if (!t.ok) return t;
      return http.send({ ...req, headers: { ...req.headers, authorization: `Bearer ${t.value}` } });
    };
    const first = await send();
    if (first.ok || (first as PspErr).httpStatus !== 401) return first;
    token.invalidate();
    return send();
  }
}

/**
 * "No cob with this txid": the spec's 404 `CobNaoEncontrado`, or Efí's 400
 * `cobranca_nao_encontrada` (docs/api-pix.md): a create that never reached the bank.
 */
const isCobNotFound = (e: PspErr): boolean =>
  e.httpStatus === 404 ||
  (e.httpStatus === 400 && e.params?.pspError === 'cobranca_nao_encontrada');

const replyInvalid = (field: string, sideEffect = true) =>
  err(sideEffect ? 'uncertain' : 'unavailable', 'APIPIX_REPLY_INVALID', { params: { field } });

/** A received PIX as Balcão reads it (`Pix` of the spec), its amount in cents. */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  cents: Cents;
}

function readPixList(list: unknown): Result<ReceivedPix[]> {
  const out: ReceivedPix[] = [];
  for (const p of Array.isArray(list) ? (list as Array<Record<string, unknown>>) : []) {
    const v = valorToCents(p?.valor, 'pix.valor');
    if (!v.ok || typeof p.endToEndId !== 'string' || !/^[a-zA-Z0-9]{1,35}$/.test(p.endToEndId))
      return replyInvalid('pix', false);
    out.push({
      endToEndId: p.endToEndId,
      ...(typeof p.txid === 'string' && { txid: p.txid }),
      cents: v.value,
    });
  }
  return ok(out);
}

const REFUND_STATUS = new Set(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']);

function readRefund(body: unknown, cents?: Cents): Result<{ status: string }> {
  const b = (body ?? {}) as { status?: unknown; valor?: unknown };
  if (typeof b.status !== 'string' || !REFUND_STATUS.has(b.status))
    return replyInvalid('status', cents !== undefined);
  if (cents !== undefined) {
    const v = valorToCents(b.valor, 'valor');
    if (!v.ok || v.value !== cents) return replyInvalid('valor');
  }
  return ok({ status: b.status });
}
