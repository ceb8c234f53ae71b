import { randomBytes } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import type { CheckLine } from '../../../shared/domain/connection-checks';
import { selfTestBody, selfTestNonce } from '../../../shared/domain/self-test';
import { pspMessage } from '../psp/errors';

/** One event the relay holds for the channel (its SSE frame's data), body as received. */
export interface RelayedEvent {
  headers: Record<string, string>;
  body: string | Uint8Array;
  receivedAt?: number;
}

export interface CallbackCheckInput {
  /** The relay's public address: the one the PSP posts to. */
  relayUrl: string;
  channelId: string;
  token: string;
  /**
   * The signature of one of the PSP's own callbacks held by the relay, checked with the secret
   * being tested: `undefined` = not a signed callback (skipped). Absent: no signature to check.
   */
  verify?: (e: RelayedEvent) => boolean | undefined;
  fetch?: typeof fetch;
  /** How long the self-test may take to come back. */
  boundMs?: number;
}

const TLS_ERROR = /CERT|TLS|SSL|EPROTO/;
/** At most this many of the PSP's last signed callbacks are checked (any one valid passes). */
const SIGNED_KEPT = 5;

function networkProblem(e: unknown): CheckLine['problem'] {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const code = `${String(cause?.code ?? '')} ${String(cause?.message ?? '')}`;
  return TLS_ERROR.test(code) ? 'RELAY_TLS' : 'RELAY_UNREACHABLE';
}

const fail = (problem: CheckLine['problem'], extra: Partial<CheckLine> = {}): CheckLine => ({
  id: 'callback',
  state: 'fail',
  problem,
  ...extra,
});

/**
 * The callback path, as the PSP would travel it: a self-test event posted to the relay's public
 * hook URL (DNS, TLS, port, channel) must come back over the shop's SSE stream within a bound.
 * The stream is read from the start of what the relay holds, so the PSP's own recent callbacks
 * pass by first: where a secret signs them, the last few are checked with the one being tested.
 */
export async function checkCallbackPath(i: CallbackCheckInput): Promise<CheckLine> {
  const base = i.relayUrl.replace(/\/+$/, '');
  const channel = encodeURIComponent(i.channelId);
  const doFetch = i.fetch ?? globalThis.fetch;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), i.boundMs ?? 10_000);
  const started = Date.now();
  try {
    let res: Response;
    try {
      res = await doFetch(`${base}/channels/${channel}/events`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${i.token}` },
        signal: abort.signal,
        redirect: 'manual',
      });
    } catch (e) {
      return fail(abort.signal.aborted ? 'RELAY_UNREACHABLE' : networkProblem(e));
    }
    if (res.status === 401 || res.status === 403) return fail('RELAY_TOKEN_REFUSED');
    if (res.status !== 200 || !res.body) return fail('RELAY_ERROR', await relayWords(res));

    const nonce = randomBytes(16).toString('hex');
    const signed: RelayedEvent[] = [];
    let back = false;
    const parser = createParser({
      onEvent: (msg) => {
        let e: {
          headers?: Record<string, string>;
          body?: string;
          bodyEncoding?: string;
          receivedAt?: number;
        };
        try {
          e = JSON.parse(msg.data);
        } catch {
          return; // not an event of ours nor a PSP's: nothing to check
        }
        const body =
          e.bodyEncoding === 'base64' ? Buffer.from(e.body ?? '', 'base64') : (e.body ?? '');
        const text = typeof body === 'string' ? body : '';
        const seen = selfTestNonce(text);
        if (seen === nonce) back = true;
        else if (seen === null) {
          signed.push({
            headers: e.headers ?? {},
            body,
            ...(e.receivedAt && { receivedAt: e.receivedAt }),
          });
          if (signed.length > SIGNED_KEPT * 4) signed.splice(0, signed.length - SIGNED_KEPT * 4);
        }
      },
    });

    // The stream is open: now the self-test goes to the public hook URL, as the PSP posts.
    let posted: Response;
    try {
      posted = await doFetch(`${base}/hooks/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: selfTestBody(nonce, Date.now()),
        signal: abort.signal,
        redirect: 'manual',
      });
    } catch (e) {
      return fail(abort.signal.aborted ? 'RELAY_UNREACHABLE' : networkProblem(e));
    }
    if (posted.status === 404) return fail('RELAY_CHANNEL_UNKNOWN', await relayWords(posted));
    const words = posted.status === 200 ? null : await relayWords(posted);
    // The relay never answers 403 on its hooks: a proxy in front of it refused a caller without
    // the PSP's client certificate, as docs/nginx-api-pix-webhook.conf does, and as it should.
    // The stream side answered above; only the PSP, with its certificate, can pass that door.
    if (words?.fromProxy && posted.status === 403)
      return { id: 'callback', state: 'skipped', problem: 'MTLS_PROTECTED', detail: 'HTTP 403' };
    if (words) return fail('RELAY_ERROR', words);
    await posted.body?.cancel().catch(() => undefined);

    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        if (back) break;
      }
    } catch {
      // Aborted at the bound, or the stream broke: not back.
    }
    if (!back) return fail('CALLBACK_NOT_BACK', { detail: String(i.boundMs ?? 10_000) });
    const ms = Date.now() - started;
    abort.abort();

    if (!i.verify) return { id: 'callback', state: 'pass', ms };
    const verdicts = signed
      .map((e) => ({ e, v: i.verify!(e) }))
      .filter((x) => x.v !== undefined)
      .slice(-SIGNED_KEPT);
    if (verdicts.length === 0)
      return { id: 'callback', state: 'pass', ms, signatureChecked: false };
    if (verdicts.some((x) => x.v))
      return { id: 'callback', state: 'pass', ms, signatureChecked: true };
    const last = verdicts.at(-1)!.e;
    return fail('SIGNATURE_MISMATCH', {
      ms,
      signatureChecked: true,
      ...(last.receivedAt && { detail: new Date(last.receivedAt).toISOString() }),
    });
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/**
 * The relay's own words and status, for the line (never more than a short text). An answer that
 * is not the relay's JSON (an HTML page) came from a proxy in front of it: never quoted as the
 * PSP's words, only named as the proxy's status.
 */
async function relayWords(res: Response): Promise<Partial<CheckLine> & { fromProxy?: true }> {
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { detail: `HTTP ${res.status} (proxy)`, fromProxy: true };
  }
  const m = pspMessage(body);
  return { detail: `HTTP ${res.status}`, ...(m && { relayMessage: m }) };
}
