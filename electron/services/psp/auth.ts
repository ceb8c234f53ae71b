import { decodeJwt } from 'jose';
import { err, ok, type Err, type Result } from '../../../shared/result';
import type { PspSettings } from '../../../shared/psp-settings';
import type { Redactor } from '../log';
import type { PspHttp } from './http';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}
export type CredentialSource = () => Promise<Credentials | null>;

const REFRESH_MARGIN_MS = 60_000;
/** A 429 on login without Retry-After: wait a minute before the next login. */
const LOGIN_BLOCK_MS = 60_000;

export const NO_CREDENTIALS = err('auth', 'CREDENTIALS_MISSING');

/**
 * A1: logs in with the client credentials, keeps the token in memory only, refreshes it 60 s
 * before it expires, and lets one caller log in at a time.
 */
export class PspAuth {
  private token: { value: string; expiresAt: number | null } | null = null;
  private inflight: Promise<Result<string>> | null = null;
  /** A 429 on login (VeoPag: 25 per 15 min): no login request before this time. */
  private blockedUntil = 0;

  constructor(
    private readonly http: PspHttp,
    private readonly credentials: CredentialSource,
    private readonly settings: Pick<PspSettings, 'loginClientIdField' | 'loginClientSecretField'>,
    private readonly now: () => number,
    private readonly redactor: Redactor,
  ) {}

  async bearer(): Promise<Result<string>> {
    const t = this.token;
    if (t && (t.expiresAt === null || this.now() < t.expiresAt - REFRESH_MARGIN_MS))
      return ok(t.value);
    return this.login();
  }

  /** After a 401: forget the token so the next call logs in again. */
  invalidate(): void {
    this.token = null;
  }

  async clientHeaders(): Promise<Result<Record<string, string>>> {
    const c = await this.credentials();
    if (!c) return NO_CREDENTIALS;
    this.redactor.add(c.clientSecret);
    return ok({ ci: c.clientId, cs: c.clientSecret });
  }

  login(): Promise<Result<string>> {
    this.inflight ??= this.doLogin().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async doLogin(): Promise<Result<string>> {
    // Every caller (polling, a sale, the owner's screens) would log in again and each 429 keeps
    // the limit shut: while blocked, answer at once without a request.
    if (this.now() < this.blockedUntil) return this.rateLimited();
    const c = await this.credentials();
    if (!c) return NO_CREDENTIALS;
    this.redactor.add(c.clientSecret);
    const r = await this.http.send({
      op: 'login',
      method: 'POST',
      path: '/auth/login',
      body: {
        [this.settings.loginClientIdField]: c.clientId,
        [this.settings.loginClientSecretField]: c.clientSecret,
      },
      sideEffect: false,
    });
    if (!r.ok && r.code === 'PSP_RATE_LIMITED') {
      this.blockedUntil = this.now() + (r.retryAfterMs ?? LOGIN_BLOCK_MS);
      return this.rateLimited();
    }
    if (!r.ok) return r;
    const value = readToken(r.value.body);
    if (!value) return err('auth', 'PSP_LOGIN_NO_TOKEN');
    this.redactor.add(value);
    this.token = { value, expiresAt: this.expiry(r.value.body, value) };
    return ok(value);
  }

  private rateLimited(): Err {
    const retryAfterMs = Math.max(0, this.blockedUntil - this.now());
    return err('rate_limited', 'PSP_LOGIN_RATE_LIMITED', {
      params: { seconds: Math.ceil(retryAfterMs / 1000) },
      retryAfterMs,
    });
  }

  private expiry(body: unknown, token: string): number | null {
    const b = body as Record<string, unknown>;
    const seconds = typeof b.expires_in === 'number' ? b.expires_in : Number(b.expires_in);
    if (Number.isFinite(seconds) && seconds > 0) return this.now() + seconds * 1000;
    try {
      const { exp } = decodeJwt(token);
      if (typeof exp === 'number') return exp * 1000;
    } catch {
      // not a JWT: lifetime unknown, kept until the PSP answers 401
    }
    return null;
  }
}

/** A1: the first present of access_token, accessToken, token, data.access_token, data.token. */
export function readToken(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Record<string, unknown>;
  for (const v of [b.access_token, b.accessToken, b.token, data.access_token, data.token]) {
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}
