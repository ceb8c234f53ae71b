import http from 'node:http';
import type { CallbackIntake } from './intake';

const MAX_BODY = 64 * 1024;

/**
 * A callback endpoint on loopback, for the demo sandbox (same machine, no relay needed) and
 * for tests. It answers 2xx only after the event is stored (A12), 401 to a forged one.
 */
export async function startLocalReceiver(
  intake: CallbackIntake,
  port = 0,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      intake
        .handle({ headers: req.headers, body: Buffer.concat(chunks) }, 'direct')
        .then((r) =>
          res
            .writeHead(r.accepted ? 200 : 401, { 'content-type': 'application/json' })
            .end(JSON.stringify(r.accepted ? { ok: true } : { ok: false, code: r.code })),
        )
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${actual}/callback`,
    port: actual,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
