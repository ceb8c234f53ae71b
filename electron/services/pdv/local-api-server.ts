import http from 'node:http';
import { payerInputSchema } from '../../../shared/domain/payer';
import type { Result } from '../../../shared/result';
import type { Logger } from '../log';
import type { ApiToken } from './api-token';
import type { PdvApi } from './pdv-api';

/** A sale request is a few hundred bytes; anything beyond this is refused unread (413). */
export const MAX_BODY_BYTES = 4096;
/** The longest a `wait` holds the connection (s); the caller asks again after it. */
export const MAX_WAIT_S = 120;

const STATUS: Record<string, number> = {
  validation: 422,
  not_found: 404,
  conflict: 409,
  auth: 401,
};

/**
 * The local API for PDVs that prefer HTTP (docs/pdv-api.openapi.yaml), on 127.0.0.1 only.
 * Every call needs `Authorization: Bearer <token>`; a request carrying an `Origin` header (a web
 * page, whatever site) is refused, so no page in a browser on this machine can use it.
 */
export async function serveLocalApi(o: {
  api: PdvApi;
  token: ApiToken;
  port: number;
  maxAmountCents: () => number;
  logger: Logger;
}): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, r: Extract<Result<unknown>, { ok: false }>) =>
    send(res, STATUS[r.kind] ?? 503, { error: r.code, ...(r.field && { field: r.field }) });

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      o.logger.error('pdv api failed', { error: String(e) });
      if (!res.headersSent) send(res, 500, { error: 'INTERNAL' });
      else res.end();
    });
  });
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.headers.origin !== undefined) return send(res, 403, { error: 'PDV_API_ORIGIN' });
    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!o.token.check(auth?.[1])) return send(res, 401, { error: 'PDV_API_TOKEN' });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const parts = pathParts(url.pathname);
    if (!parts) return send(res, 400, { error: 'PDV_API_PATH' });
    if (parts[0] !== 'v1' || parts[1] !== 'charges') return send(res, 404, { error: 'NOT_FOUND' });
    const reference = parts[2];
    if (req.method === 'POST' && parts.length === 2) {
      const body = await readJson(req);
      if (body === 'too-large') return send(res, 413, { error: 'REQUEST_TOO_LARGE' });
      if (body === 'bad' || typeof body !== 'object' || body === null || Array.isArray(body))
        return send(res, 400, { error: 'PDV_API_BODY' });
      const b = body as {
        amountCents?: unknown;
        reference?: unknown;
        description?: unknown;
        payer?: unknown;
      };
      if (typeof b.reference !== 'string')
        return send(res, 422, { error: 'PDV_REFERENCE', field: 'reference' });
      if (typeof b.amountCents !== 'number' || !Number.isSafeInteger(b.amountCents))
        return send(res, 422, { error: 'AMOUNT_NOT_A_NUMBER', field: 'amountCents' });
      if (b.amountCents <= 0) return send(res, 422, { error: 'AMOUNT_ZERO', field: 'amountCents' });
      if (b.amountCents > o.maxAmountCents())
        return send(res, 422, { error: 'AMOUNT_ABOVE_MAX', field: 'amountCents' });
      if (
        b.description !== undefined &&
        (typeof b.description !== 'string' || b.description.length > 140)
      )
        return send(res, 422, { error: 'DESCRIPTION_TOO_LONG', field: 'description' });
      // The payer's shape here (strings, known keys, lengths); its content in PdvApi.create.
      const payer = b.payer === undefined ? undefined : payerInputSchema.safeParse(b.payer);
      if (payer && !payer.success)
        return send(res, 422, { error: 'PDV_API_PAYER', field: 'payer' });
      const r = await o.api.create({
        amountCents: b.amountCents,
        reference: b.reference,
        ...(typeof b.description === 'string' && { description: b.description }),
        ...(payer?.data && { payer: payer.data }),
      });
      return r.ok ? send(res, r.value.created ? 201 : 200, r.value.sale) : fail(res, r);
    }
    if (!reference || parts.length > 4) return send(res, 404, { error: 'NOT_FOUND' });
    if (req.method === 'GET' && parts.length === 3) {
      const r = await o.api.status(reference);
      return r.ok ? send(res, 200, r.value) : fail(res, r);
    }
    if (req.method === 'GET' && parts[3] === 'wait') {
      const s = Number(url.searchParams.get('timeout') ?? '30');
      const seconds = Number.isFinite(s) ? Math.min(Math.max(s, 0), MAX_WAIT_S) : 30;
      const r = await o.api.wait(reference, seconds * 1000);
      return r.ok ? send(res, 200, r.value) : fail(res, r);
    }
    if (req.method === 'POST' && parts[3] === 'cancel') {
      const r = await o.api.cancel(reference);
      return r.ok ? send(res, 200, r.value) : fail(res, r);
    }
    return send(res, 405, { error: 'METHOD_NOT_ALLOWED' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/v1`,
    async close() {
      o.api.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The path's segments, decoded; null when an escape is broken (`%E0%A4%A`). */
function pathParts(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The body as JSON, refused past MAX_BODY_BYTES without reading the rest. */
function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      resolve('too-large');
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES && !done) {
        done = true;
        resolve('too-large');
        req.resume();
        return;
      }
      if (!done) chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      } catch {
        resolve('bad');
      }
    });
    req.on('error', () => !done && ((done = true), resolve('bad')));
  });
}
