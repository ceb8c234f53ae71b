import net from 'node:net';

/**
 * A TCP forwarder on loopback in front of one server that can be shut and opened again on the
 * same port: shut, every open connection is cut and new ones are refused (`ECONNREFUSED`), as a
 * bank whose front is truly down; opened, it forwards again. The server behind never stops (its
 * state, and payments settled meanwhile, stay).
 */
export async function startTcpDoor(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((r, j) => {
      server.once('error', j);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', j);
        r();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  let open = true;
  return {
    port,
    async shut() {
      if (!open) return;
      open = false;
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
    async open() {
      if (open) return;
      await listen(port);
      open = true;
    },
    async close() {
      await this.shut();
    },
  };
}
