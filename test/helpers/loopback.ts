import type { AddressInfo, Server } from 'node:net';

/** `server` (HTTP, HTTPS or plain TCP) listening on a free loopback port; `close` waits for it. */
export async function listenOnLoopback(server: Server) {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
