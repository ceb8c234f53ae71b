import type { ApiPixSettings } from '../../../../shared/psp-settings';
import { err, ok, type Result } from '../../../../shared/result';
import type { Redactor } from '../../log';
import { NO_CREDENTIALS, type CredentialSource } from '../auth';
import type { PspHttp } from '../http';

/** Refresh this long before `expires_in` runs out, so no request leaves with a dying token. */
const MARGIN_MS = 30_000;

/**
 * OAuth2 client credentials at the PSP's token URL (over the same mutual TLS as the API): the
 * pair by HTTP Basic (Efí, the default) or in the form body (Inter's guides), the scopes asked
 * for, the token kept in memory until shortly before it expires, one request at a time.
 */
export class ApiPixToken {
  private token: { value: string; until: number } | null = null;
  private inflight: Promise<Result<string>> | null = null;

  constructor(
    private readonly http: PspHttp,
    private readonly credentials: CredentialSource,
    private readonly settings: () => ApiPixSettings,
    private readonly now: () => number,
    private readonly redactor: Redactor,
  ) {}

  async bearer(): Promise<Result<string>> {
    const t = this.token;
    if (t && this.now() < t.until) return ok(t.value);
    this.inflight ??= this.fetch().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  invalidate(): void {
    this.token = null;
  }

  private async fetch(): Promise<Result<string>> {
    const s = this.settings();
    if (!s.tokenUrl) return err('validation', 'APIPIX_TOKEN_URL_EMPTY');
    const c = await this.credentials();
    if (!c) return NO_CREDENTIALS;
    this.redactor.add(c.clientSecret);
    const form: Record<string, string> = { grant_type: 'client_credentials', scope: s.scopes };
    const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64');
    const r = await this.http.send({
      op: 'token',
      method: 'POST',
      path: '',
      ...(s.tokenAuth === 'basic'
        ? { form, headers: { authorization: `Basic ${basic}` } }
        : { form: { ...form, client_id: c.clientId, client_secret: c.clientSecret } }),
      sideEffect: false,
    });
    if (!r.ok) {
      // A login portal or a proxy's error page: name the likely cause, not "malformed".
      return r.code === 'PSP_MALFORMED_REPLY' ? err('auth', 'APIPIX_TOKEN_HTML') : r;
    }
    const b = (r.value.body ?? {}) as Record<string, unknown>;
    const value = typeof b.access_token === 'string' ? b.access_token : '';
    if (!value) return err('auth', 'PSP_LOGIN_NO_TOKEN');
    this.redactor.add(value);
    const seconds = Number(b.expires_in);
    const life = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 300_000;
    this.token = { value, until: this.now() + Math.max(life - MARGIN_MS, life / 2) };
    return ok(value);
  }
}
