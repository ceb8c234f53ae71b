import { randomInt } from 'node:crypto';
import {
  checksFor,
  verdict,
  type CheckId,
  type CheckLine,
} from '../../../shared/domain/connection-checks';
import { confirmationPath } from '../../../shared/domain/health';
import { checkServiceUrlText } from '../../../shared/domain/service-url';
import {
  pspSettingsSchema,
  type PspSettings,
  type PspSettingsInput,
} from '../../../shared/psp-settings';
import type { Err } from '../../../shared/result';
import { callbackSeconds, lowerCase, receiveCallback, verifyCallback } from '../callbacks/verify';
import type { Redactor } from '../log';
import type { Credentials } from '../psp/auth';
import { PspClient } from '../psp/client';
import { pspMessage } from '../psp/errors';
import { checkCallbackPath, type RelayedEvent } from './callback-check';

export type ConnectionProblem =
  'NOT_HTTPS' | 'WRONG_CREDENTIALS' | 'UNREACHABLE' | 'TLS' | 'UNEXPECTED_REPLY' | 'PSP_ERROR';

export interface ConnectionReport {
  /** Every check these settings need passed (shared/domain/connection-checks.ts). */
  passed: boolean;
  /** The first of login / balance that failed (the one-sentence summary). */
  step?: 'login' | 'balance';
  problem?: ConnectionProblem;
  /** The reply field that was missing or wrong, or the HTTP status. */
  detail?: string;
  /** The available balance read, in cents, when it was read. */
  balanceCents?: number;
  /** One line per check the settings need, in order. */
  checks: CheckLine[];
}

/** A PSP failure as the owner reads it: which of the five things went wrong. */
export function classify(
  e: Err & { httpStatus?: number },
): Pick<ConnectionReport, 'problem' | 'detail'> {
  switch (e.code) {
    case 'PSP_AUTH':
    case 'CREDENTIALS_MISSING':
      return { problem: 'WRONG_CREDENTIALS' };
    case 'PSP_UNREACHABLE':
    case 'PSP_TIMEOUT':
    case 'PSP_CONNECTION_LOST':
      return { problem: 'UNREACHABLE' };
    case 'PSP_TLS':
      return { problem: 'TLS' };
    case 'PSP_LOGIN_NO_TOKEN':
      return { problem: 'UNEXPECTED_REPLY', detail: 'access_token' };
    case 'PSP_UNEXPECTED_REPLY':
      return {
        problem: 'UNEXPECTED_REPLY',
        detail: String(e.params?.field ?? ''),
      };
    case 'PSP_MALFORMED_REPLY':
      return { problem: 'UNEXPECTED_REPLY', detail: 'JSON' };
    case 'PSP_NOT_FOUND':
      // A path the PSP does not serve: most often a base URL without its `/api`.
      return { problem: 'UNEXPECTED_REPLY', detail: 'HTTP 404' };
    default: {
      const status = e.httpStatus ?? e.params?.status;
      return { problem: 'PSP_ERROR', ...(status !== undefined && { detail: `HTTP ${status}` }) };
    }
  }
}

/** A failed PSP call as one line: the problem, and the PSP's own words when it said any. */
export function failed(id: CheckId, e: Err, redactor: Redactor): CheckLine {
  const words = e.params?.pspMessage;
  return {
    id,
    state: 'fail',
    ...classify(e),
    ...(typeof words === 'string' && words && { pspMessage: redactor.redact(words) }),
  };
}

export interface ConnectionTestOptions {
  settings: Omit<PspSettingsInput, 'baseUrl'>;
  baseUrl: string;
  credentials: Credentials;
  redactor: Redactor;
  now: () => number;
  fetch?: typeof fetch;
  /** The webhook secret (where the PSP signs with one), typed or stored; null: none. */
  webhookSecret?: string | null;
  /** The relay channel to test; null: no relay. `pending`: only an admin token (made on save). */
  relay?: { url: string; channelId: string; token: string } | 'pending' | null;
  /** How long the self-test may take to come back (default 10 s). */
  callbackBoundMs?: number;
}

/**
 * `Testar conexão`: every check the settings need (login where used, balance, the status query,
 * crypto fees, the webhook secret, the callback path), run with candidate settings and
 * credentials, storing nothing; each failure named with the PSP's words, never a raw exception.
 */
export async function testConnection(o: ConnectionTestOptions): Promise<ConnectionReport> {
  const settings = pspSettingsSchema.parse({ ...o.settings, baseUrl: 'https://psp.invalid' });
  const needed = checksFor(settings);
  const url = checkServiceUrlText(o.baseUrl);
  if (!url.ok) {
    const checks = needed.map((id, n): CheckLine =>
      n === 0
        ? { id, state: 'fail', problem: 'NOT_HTTPS' }
        : { id, state: 'skipped', problem: 'NOT_RUN' },
    );
    return { passed: false, problem: 'NOT_HTTPS', checks };
  }
  const client = new PspClient({
    settings: { ...settings, baseUrl: url.url },
    credentials: async () => o.credentials,
    now: o.now,
    redactor: o.redactor,
    ...(o.fetch && { fetch: o.fetch }),
  });
  const checks: CheckLine[] = [];
  let balanceCents: number | undefined;
  for (const id of needed) {
    switch (id) {
      case 'login': {
        const r = await client.login();
        checks.push(r.ok ? { id, state: 'pass' } : failed(id, r, o.redactor));
        break;
      }
      case 'balance': {
        const r = await client.balance();
        if (r.ok) {
          const main = r.value.find((f) => f.key === 'available') ?? r.value[0];
          balanceCents = main?.cents;
          checks.push({ id, state: 'pass' });
        } else checks.push(failed(id, r, o.redactor));
        break;
      }
      case 'statusQuery':
        checks.push(await statusQueryCheck(client, url.url, settings, o));
        break;
      case 'cryptoFees': {
        const r = await client.cryptoFees();
        if (r.ok) checks.push({ id, state: 'pass' });
        else if (r.code === 'PSP_NOT_FOUND')
          checks.push({
            ...failed(id, r, o.redactor),
            problem: 'ROUTE_MISSING',
            detail: 'HTTP 404',
          });
        else checks.push(failed(id, r, o.redactor));
        break;
      }
      case 'webhookSecret':
        checks.push(
          o.webhookSecret
            ? { id, state: 'pass' }
            : { id, state: 'fail', problem: 'SECRET_MISSING' },
        );
        break;
      case 'callback':
        checks.push(await callbackCheck(settings, o));
        break;
    }
  }
  const first = checks.find((c) => (c.id === 'login' || c.id === 'balance') && c.state === 'fail');
  return {
    passed: verdict(checks),
    ...(first && {
      step: first.id as 'login' | 'balance',
      problem: first.problem as ConnectionProblem,
      ...(first.detail && { detail: first.detail }),
    }),
    ...(balanceCents !== undefined && { balanceCents }),
    checks,
  };
}

/**
 * The status query asked for an id that cannot exist: a well-formed "not found" proves route and
 * auth. A 404 could also be a route the PSP does not serve, so it is told apart from the 404 of
 * a path that surely does not exist (same words = the route is missing).
 */
async function statusQueryCheck(
  client: PspClient,
  baseUrl: string,
  settings: ReturnType<typeof pspSettingsSchema.parse>,
  o: ConnectionTestOptions,
): Promise<CheckLine> {
  const id = `9${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`;
  const r = await client.transactionStatus(id);
  if (r.ok) return { id: 'statusQuery', state: 'fail', problem: 'QUERY_FOUND_RANDOM_ID' };
  if (r.code !== 'PSP_NOT_FOUND') return failed('statusQuery', r, o.redactor);
  const said = typeof r.params?.pspMessage === 'string' ? r.params.pspMessage : '';
  if (await routeMissing(r, id, baseUrl, settings, o.fetch))
    return {
      id: 'statusQuery',
      state: 'fail',
      problem: 'ROUTE_MISSING',
      detail: 'HTTP 404',
      ...(said && { pspMessage: o.redactor.redact(said) }),
    };
  return { id: 'statusQuery', state: 'pass' };
}

/**
 * Whether a status query's "not found" is really a route the PSP does not serve: its 404 has the
 * same words as the 404 for a path that surely does not exist (paths and id taken out). A
 * not-found read from the reply body (VeoPag's `{deposit: null}`) is never that.
 */
export async function routeMissing(
  e: Err,
  id: string,
  baseUrl: string,
  settings: Pick<PspSettings, 'statusQueryPath'> & { statusQuery: { method: string } },
  fetchFn?: typeof fetch,
): Promise<boolean> {
  if (e.code !== 'PSP_NOT_FOUND' || e.params?.status !== 404) return false;
  const asked = settings.statusQueryPath.replaceAll('{id}', encodeURIComponent(id));
  const control = `/balcao-no-such-route-${randomInt(1e9)}`;
  const missing = await notFoundWords(baseUrl, control, settings.statusQuery.method, fetchFn);
  const said = typeof e.params?.pspMessage === 'string' ? e.params.pspMessage : '';
  const norm = (text: string, path: string) =>
    text
      .replaceAll(new URL(baseUrl).pathname.replace(/\/$/, '') + path, '{path}')
      .replaceAll(path, '{path}')
      .replaceAll(id, '{id}');
  return missing !== null && norm(missing, control) === norm(said, asked);
}

/** The words of the PSP's 404 for a path it does not serve (no credentials sent); null: no 404. */
async function notFoundWords(
  baseUrl: string,
  path: string,
  method: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<string | null> {
  try {
    const res = await fetchFn(baseUrl.replace(/\/+$/, '') + path, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, body: '{}' }),
    });
    const text = (await res.text()).slice(0, 4000);
    if (res.status !== 404) return null;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep text
    }
    return pspMessage(body) ?? '';
  } catch {
    return null;
  }
}

export async function callbackCheck(
  settings: ReturnType<typeof pspSettingsSchema.parse>,
  o: Pick<ConnectionTestOptions, 'relay' | 'webhookSecret' | 'fetch' | 'callbackBoundMs'> & {
    credentials: { clientSecret: string };
  },
): Promise<CheckLine> {
  if (!o.relay) {
    // The same decision as Saúde's and the Caixa's line (shared/domain/health.ts).
    const path = confirmationPath({
      relay: false,
      statusQuery: settings.kind === 'api-pix' || settings.statusQueryPath.trim() !== '',
    });
    return {
      id: 'callback',
      state: 'skipped',
      problem: path === 'none' ? 'NO_CONFIRMATION' : 'NO_RELAY',
    };
  }
  if (o.relay === 'pending')
    return { id: 'callback', state: 'skipped', problem: 'CHANNEL_NOT_CREATED' };
  const secret =
    settings.callbackPolicy !== 'hmac'
      ? null
      : settings.callback.secret === 'webhook'
        ? (o.webhookSecret ?? null)
        : o.credentials.clientSecret;
  const relayUrl = checkServiceUrlText(o.relay.url);
  if (!relayUrl.ok) return { id: 'callback', state: 'fail', problem: 'NOT_HTTPS' };
  // Only the signature: the PSP's callbacks the relay still holds are old, so their time is
  // taken as "now" for the check.
  const verify = secret
    ? (e: RelayedEvent): boolean | undefined => {
        const h = lowerCase(e.headers);
        const ts = callbackSeconds(
          (h[settings.callback.timestampHeader.toLowerCase()] ?? '').trim(),
        );
        if (!h[settings.callback.signatureHeader.toLowerCase()] || ts === null) return undefined;
        const r = verifyCallback(
          receiveCallback({ headers: h, body: e.body }),
          { current: secret },
          settings.callback,
          ts * 1000,
        );
        if (r.ok || r.code === 'CALLBACK_BAD_BODY') return true; // the body is read after the HMAC
        return r.code === 'CALLBACK_BAD_SIGNATURE' ? false : undefined;
      }
    : undefined;
  return checkCallbackPath({
    relayUrl: relayUrl.url,
    channelId: o.relay.channelId,
    token: o.relay.token,
    ...(verify && { verify }),
    ...(o.fetch && { fetch: o.fetch }),
    ...(o.callbackBoundMs && { boundMs: o.callbackBoundMs }),
  });
}
