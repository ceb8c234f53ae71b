import { err, ok, type Err, type Result } from '../../../shared/result';
import type { Logger, Redactor } from '../log';
import { badReply, httpError, noAnswer, NOT_SENT, parseRetryAfter, pspMessage } from './errors';
import { DEFAULT_MAX_REPLY_BYTES, jsonTooDeep, readBounded, redirectTarget } from './reply-limits';

export interface PspRequest {
  /** Operation name, for logs. */
  op: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Sent as `application/x-www-form-urlencoded` instead of JSON (some OAuth2 token URLs). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** True when the PSP may have acted on it (creating a charge, a withdrawal, a defense). */
  sideEffect: boolean;
}

export interface PspResponse {
  status: number;
  body: unknown;
}

export type PspErr = Err & { httpStatus?: number };

export interface PspHttpDeps {
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  timeoutMs: number;
  logger: Logger;
  redactor: Redactor;
  /** A 2xx with `{success: false, error}` is an error, not a success (bearer-snake family). */
  successFalseIsError?: boolean;
  /** Replies larger than this are cut off (`psp.maxReplyBytes`). */
  maxReplyBytes?: number;
}

/** Errors that happen before a byte of the request could reach the PSP. */
const CONNECT_ERRORS = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TLS_ERROR = /CERT|TLS|SSL|EPROTO/;

/**
 * One HTTP exchange with the PSP: a per-request timeout, JSON in and out, and every failure
 * classified (A9). It never retries: whether a POST may be repeated is the caller's call.
 */
export class PspHttp {
  constructor(private readonly deps: PspHttpDeps) {}

  async send(req: PspRequest): Promise<Result<PspResponse> | PspErr> {
    const { deps } = this;
    const url = new URL(deps.baseUrl.replace(/\/+$/, '') + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
    const started = deps.now();
    const log = (outcome: Record<string, unknown>) =>
      deps.logger.info('psp request', {
        op: req.op,
        method: req.method,
        path: url.pathname,
        ms: deps.now() - started,
        ...outcome,
      });

    let res: Response;
    let text: string;
    const cut = new AbortController();
    const maxBytes = deps.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    // Our own deadline over the whole exchange, not only the fetch's signal: under GC pressure
    // Node's fetch can lose the link between the signal handed to it and its own (nodejs/node
    // #55428, undici PR #4984), and a PSP that never answers then held a sale in SUBMITTING
    // for good. At the deadline the request is aborted and the answer counted as lost.
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => {
        const late = new DOMException('The PSP did not answer in time', 'TimeoutError');
        cut.abort(late); // the fetch rejects with this same reason, whichever side wins
        reject(late);
      }, deps.timeoutMs);
    });
    try {
      res = await Promise.race([
        timedOut,
        deps.fetch(url, {
          method: req.method,
          headers: {
            accept: 'application/json',
            ...(req.body !== undefined && { 'content-type': 'application/json' }),
            ...(req.form && { 'content-type': 'application/x-www-form-urlencoded' }),
            ...req.headers,
          },
          ...(req.body !== undefined && { body: JSON.stringify(req.body) }),
          ...(req.form && { body: new URLSearchParams(req.form).toString() }),
          // Only our own signal: the deadline aborts it. An AbortSignal.timeout beside it kept a
          // timer, two signals and their weak links alive for the whole timeout after every
          // answer (15 s by default: thousands at a busy counter), promoted to the old generation.
          signal: cut.signal,
          // A redirect is never followed: it would carry the secrets (ci/cs, the login's body)
          // to whatever origin the PSP's address now names. It is an error that says where.
          redirect: 'manual',
        }),
      ]);
      if (res.status >= 300 && res.status <= 399) {
        await res.body?.cancel().catch(() => {});
        const location = deps.redactor.redact(redirectTarget(res.headers.get('location'), url));
        log({ status: res.status, error: 'PSP_REDIRECT', redirect: location });
        return {
          ...err('unavailable', 'PSP_REDIRECT', { params: { status: res.status, location } }),
          httpStatus: res.status,
        };
      }
      const read = await Promise.race([timedOut, readBounded(res, maxBytes, () => cut.abort())]);
      if (!read.ok) {
        log({ status: res.status, error: 'PSP_REPLY_TOO_LARGE', bytesRead: read.bytesRead });
        return err(req.sideEffect ? 'uncertain' : 'unavailable', 'PSP_REPLY_TOO_LARGE', {
          params: { maxKiB: Math.round(maxBytes / 1024) },
        });
      }
      text = read.text;
    } catch (e) {
      const failure = this.networkFailure(e, req.sideEffect);
      log({ error: failure.code });
      return failure;
    } finally {
      clearTimeout(deadline);
      timedOut.catch(() => {});
    }

    if (jsonTooDeep(text)) {
      log({ status: res.status, error: 'PSP_REPLY_TOO_DEEP' });
      return err(req.sideEffect ? 'uncertain' : 'unavailable', 'PSP_REPLY_TOO_DEEP');
    }
    let body: unknown = text;
    let parsed = true;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = false;
    }
    log({ status: res.status });
    if (res.status < 200 || res.status > 299) {
      const e = httpError(
        res.status,
        body,
        parseRetryAfter(res.headers.get('retry-after'), deps.now()),
      );
      const m = e.params?.pspMessage;
      const params =
        m === undefined ? e.params : { ...e.params, pspMessage: deps.redactor.redact(String(m)) };
      return { ...e, ...(params && { params }), httpStatus: res.status };
    }
    if (!parsed) {
      return req.sideEffect
        ? err('uncertain', 'PSP_MALFORMED_REPLY')
        : err('unavailable', 'PSP_MALFORMED_REPLY');
    }
    if (
      deps.successFalseIsError !== false &&
      body &&
      typeof body === 'object' &&
      (body as { success?: unknown }).success === false
    ) {
      // The PSP says it refused: nothing was done, whatever the HTTP status claims.
      const m = pspMessage(body);
      return err('validation', 'PSP_REJECTED', {
        ...(m && { params: { pspMessage: deps.redactor.redact(m) } }),
      });
    }
    return ok({ status: res.status, body });
  }

  private networkFailure(e: unknown, sideEffect: boolean): Err {
    const error = e as { name?: string; code?: string; cause?: { code?: string } };
    const code = error.cause?.code ?? error.code ?? '';
    if (CONNECT_ERRORS.has(code)) return NOT_SENT;
    // A refused certificate or handshake: nothing reached the PSP, and retrying will not help.
    if (TLS_ERROR.test(code)) return err('unavailable', 'PSP_TLS');
    if (!sideEffect) {
      return error.name === 'TimeoutError'
        ? err('unavailable', 'PSP_TIMEOUT')
        : err('unavailable', 'PSP_CONNECTION_LOST');
    }
    return noAnswer(error.name === 'TimeoutError' ? 'timeout' : 'connection');
  }
}

export { badReply };
