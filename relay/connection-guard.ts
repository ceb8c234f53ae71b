import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardOptions {
  /** Longest time a request's headers and body may take to arrive (slow clients are cut). */
  bodyTimeoutMs: number;
  /** Descriptors kept free for the store, logs and callbacks that arrive while slow clients are held. */
  fdReserve: number;
  /** The process's descriptor limit; read from the system when not given. */
  fdLimit?: number;
  /** Told of each slow client cut: `timeout` (too slow) or `evicted` (its descriptor was needed). */
  onDrop: (why: 'timeout' | 'evicted', req: IncomingMessage | null) => void;
}

/** The soft `RLIMIT_NOFILE` (Linux `/proc/self/limits`); 1024, the usual default, elsewhere. */
export function openFileLimit(): number {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    /* not Linux */
  }
  return 1024;
}

/** A request that carries a body (a callback); a GET (an event stream) has none to wait for. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Slow and hostile clients may not take the descriptors genuine callbacks need.
 * - Every request's headers and body must arrive within `bodyTimeoutMs` (408, connection cut);
 *   Node's `headersTimeout` covers the headers, a timer per request the body.
 * - Connections still receiving (no request yet, headers or body under way, idle keep-alive)
 *   are "waiting"; once the open connections reach the descriptor limit less the reserve, each
 *   new connection cuts the one that has been waiting longest. A genuine callback arrives in
 *   milliseconds, so it is never the oldest waiter among held slow clients; connections being
 *   served (a callback being stored, an event stream) are never cut.
 * Answers the request hook to call first for each request.
 */
export function guardConnections(server: Server, o: ConnectionGuardOptions) {
  const budget = Math.max(16, (o.fdLimit ?? openFileLimit()) - o.fdReserve);
  /** Waiting sockets, oldest first (a Map keeps insertion order). */
  const waiting = new Map<Socket, IncomingMessage | null>();
  /** Cut for their descriptor and already uncounted (their 'close' comes later). */
  const evicted = new WeakSet<Socket>();
  let open = 0;
  // Swept at the server's `connectionsCheckingInterval` (a createServer option).
  server.headersTimeout = o.bodyTimeoutMs;

  server.on('connection', (socket: Socket) => {
    open++;
    waiting.set(socket, null);
    socket.once('close', () => {
      if (!evicted.has(socket)) open--;
      waiting.delete(socket);
    });
    while (open > budget) {
      const [oldest, req] = waiting.entries().next().value ?? [];
      if (!oldest || oldest === socket) break;
      waiting.delete(oldest);
      evicted.add(oldest);
      open--;
      o.onDrop('evicted', req ?? null);
      oldest.destroy();
    }
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const served = () => waiting.delete(socket);
    res.once('finish', () => {
      if (!socket.destroyed) waiting.set(socket, null); // idle keep-alive: waiting again
    });
    if (!hasBody(req)) return served();
    waiting.delete(socket); // re-inserted last: its wait starts now
    waiting.set(socket, req);
    const timer = setTimeout(() => {
      if (req.complete) return;
      o.onDrop('timeout', req);
      if (res.headersSent || res.writableEnded) return socket.destroy();
      res.writeHead(408, {
        'content-type': 'application/json; charset=utf-8',
        connection: 'close',
      });
      res.end(
        JSON.stringify({ ok: false, code: 'TIMEOUT', message: 'Request body took too long' }),
        () => socket.destroy(),
      );
      // A client that does not read the answer either is cut all the same.
      setTimeout(() => socket.destroy(), 1000).unref();
    }, o.bodyTimeoutMs);
    timer.unref();
    req.once('end', () => {
      clearTimeout(timer);
      served();
    });
    res.once('close', () => clearTimeout(timer));
  };
}
