import net from 'node:net';

/**
 * A TCP proxy on loopback in front of one server, to make that server look slow or dead to
 * one client without touching the server: `delayMs` holds every chunk that long in each
 * direction; `silent` keeps accepting connections and reading them but forwards nothing either
 * way (a member that accepts and never answers). Both apply to open connections at once.
 * `drop(match)` hangs up the open connections whose first bytes from the client match (a relay
 * that drops its subscribers' streams, leaving the PSP's posts alone).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const state = { delayMs: 0, silent: false };
  const sockets = new Set<net.Socket>();
  /** Each client connection's first bytes (its request line), for drop(). */
  const opening = new Map<net.Socket, string>();
  /** Each chunk leaves delayMs after it came, strictly in order (latency, not a narrower pipe). */
  const pipe = (from: net.Socket, to: net.Socket) => {
    const queue: Array<{ due: number; chunk: Buffer }> = [];
    let timer: NodeJS.Timeout | null = null;
    const drain = () => {
      timer = null;
      while (queue.length && queue[0]!.due <= Date.now()) {
        const { chunk } = queue.shift()!;
        if (!state.silent && !to.destroyed) to.write(chunk);
      }
      if (queue.length) timer = setTimeout(drain, queue[0]!.due - Date.now());
    };
    from.on('data', (chunk: Buffer) => {
      if (state.silent) return;
      queue.push({ due: Date.now() + state.delayMs, chunk });
      if (!timer) drain();
    });
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    client.once('data', (chunk: Buffer) => opening.set(client, chunk.toString('latin1', 0, 256)));
    client.once('close', () => opening.delete(client));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    set(o: Partial<typeof state>) {
      Object.assign(state, o);
    },
    /** Hangs up every open client connection whose first bytes match; how many it dropped. */
    drop(match: (opening: string) => boolean): number {
      let n = 0;
      for (const [client, first] of opening)
        if (match(first)) {
          client.destroy();
          n++;
        }
      return n;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
