import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppCore } from '../../electron/services/app-core';
import { createHandlers } from '../../electron/services/handlers';
import { dispatch } from '../../electron/services/ipc-dispatch';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
};

/**
 * The development host's server: the built renderer plus the bridge script over HTTP, and the
 * IPC contract over a WebSocket. Loopback only; a socket without the per-launch token, or from
 * a page of another origin, is refused before it can call anything.
 */
export async function serveDevHost(core: AppCore, opts: { port: number; distDir: string }) {
  const token = randomBytes(24).toString('base64url');
  const handlers = createHandlers(core, 'browser');
  const rendererDir = path.join(opts.distDir, 'renderer');
  const bridgeFile = path.join(opts.distDir, 'devhost', 'bridge.js');
  if (!existsSync(path.join(rendererDir, 'index.html')) || !existsSync(bridgeFile)) {
    throw new Error(`the renderer is not built (${rendererDir}); run \`npm run build\` first`);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let file: string;
    if (url.pathname === '/__devhost/bridge.js') file = bridgeFile;
    else {
      const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
      file = path.join(rendererDir, rel === '' ? 'index.html' : rel);
      if (!file.startsWith(rendererDir) || !existsSync(file) || file.endsWith(path.sep))
        file = path.join(rendererDir, 'index.html');
    }
    let body: Buffer | string = readFileSync(file);
    if (file.endsWith('index.html')) {
      // The bridge must define window.balcao before the app's module runs.
      body = body
        .toString('utf8')
        .replace('<head>', '<head>\n    <script src="/__devhost/bridge.js"></script>');
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  });

  let boundPort = 0;
  const port = () => boundPort;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
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
      ws.on('message', (data) => {
        let msg: { id?: unknown; channel?: unknown; payload?: unknown };
        try {
          msg = JSON.parse(String(data));
        } catch {
          return;
        }
        if (typeof msg.id !== 'number' || typeof msg.channel !== 'string') return;
        void dispatch(handlers, msg.channel, msg.payload, core.logger).then((result) =>
          ws.send(JSON.stringify({ id: msg.id, result })),
        );
      });
    });
  });
  const offEvents = core.events.onAny((event, payload) => {
    const text = JSON.stringify({ event, payload });
    for (const ws of sockets) ws.send(text);
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
