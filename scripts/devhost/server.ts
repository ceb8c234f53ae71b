import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AppCore } from '../../electron/services/app-core';
import { createHandlers } from '../../electron/services/handlers';
import { dispatch } from '../../electron/services/ipc-dispatch';
import { MAX_FRAME_BYTES } from './protocol';
import { serveStatic } from './static-files';

/**
 * The development host's server: the built renderer plus the bridge script over HTTP, and the
 * IPC contract over a WebSocket. Loopback only; a socket without the per-launch token, or from
 * a page of another origin, is refused before it can call anything.
 */
export async function serveDevHost(core: AppCore, opts: { port: number; distDir: string }) {
  const token = randomBytes(24).toString('base64url');
  const services = createHandlers(core, 'browser');
  // The development host opens no program of the OS: it prints the link a send would open (tests
  // read it), and the page offers it as a link.
  const handlers: typeof services = {
    ...services,
    'charges:share': async (i) => {
      const r = await services['charges:share'](i);
      if (r.ok) console.log(`abrir: ${r.value.url}`);
      return r;
    },
  };
  const rendererDir = path.join(opts.distDir, 'renderer');
  const bridgeFile = path.join(opts.distDir, 'devhost', 'bridge.js');
  if (!existsSync(path.join(rendererDir, 'index.html')) || !existsSync(bridgeFile)) {
    throw new Error(`the renderer is not built (${rendererDir}); run \`npm run build\` first`);
  }

  // The bridge must define window.balcao before the app's module runs.
  const injectBridge = (file: string, body: Buffer) =>
    file.endsWith('.html')
      ? body
          .toString('utf8')
          .replace('<head>', '<head>\n    <script src="/__devhost/bridge.js"></script>')
      : body;
  const server = http.createServer((req, res) => {
    const bridge = (req.url ?? '').split('?', 1)[0] === '/__devhost/bridge.js';
    const root = bridge ? path.dirname(bridgeFile) : rendererDir;
    if (bridge) req.url = `/${path.basename(bridgeFile)}`;
    serveStatic(root, req, res, injectBridge).catch((e: unknown) => {
      core.logger.error('static file failed', { error: e });
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // A malformed request or a reset connection is that client's problem, never the host's.
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  let boundPort = 0;
  const port = () => boundPort;
  // Frames over the limit are closed with 1009 by ws; the bridge refuses them before sending.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const given = Buffer.from(url.searchParams.get('token') ?? '');
    const expected = Buffer.from(token);
    const tokenOk = given.length === expected.length && timingSafeEqual(given, expected);
    const origin = req.headers.origin ?? '';
    const originOk =
      /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(origin) &&
      origin.endsWith(`:${port()}`);
    if (url.pathname !== '/__devhost/ipc' || !tokenOk || !originOk) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // An oversized frame or invalid UTF-8: ws closes this socket (1009/1007); the host stays up.
      ws.on('error', (e) => core.logger.warn('devhost socket closed', { error: e.message }));
      ws.on('message', (data, isBinary) => {
        const msg = parseFrame(data, isBinary);
        if (!msg) {
          ws.send(JSON.stringify({ error: 'BAD_FRAME' }));
          return;
        }
        void dispatch(handlers, msg.channel, msg.payload, core.logger).then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: msg.id, result }));
        });
      });
    });
  });
  const offEvents = core.events.onAny((event, payload) => {
    const text = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  boundPort = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port()}/#token=${token}`,
    origin: `http://127.0.0.1:${port()}`,
    token,
    async close() {
      offEvents();
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A call frame: text, JSON, a numeric id and a channel name; anything else is null. */
function parseFrame(
  data: RawData,
  isBinary: boolean,
): { id: number; channel: string; payload: unknown } | null {
  if (isBinary) return null;
  try {
    const msg = JSON.parse(String(data)) as { id?: unknown; channel?: unknown; payload?: unknown };
    if (!msg || typeof msg.id !== 'number' || typeof msg.channel !== 'string') return null;
    return { id: msg.id, channel: msg.channel, payload: msg.payload };
  } catch {
    return null;
  }
}
