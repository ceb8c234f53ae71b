import http from 'node:http';

/**
 * A relay whose event stream opens, sends one comment, then goes silent (a half-dead
 * connection); callbacks posted to it vanish. `streams()`: how many streams were opened.
 */
export async function silentRelay() {
  let streams = 0;
  const relay = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.includes('/events')) {
      streams++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': hello\n\n');
      return;
    }
    req.resume();
    res.writeHead(200).end('{"ok":true}');
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(relay.address() as { port: number }).port}`,
    streams: () => streams,
    close: () =>
      new Promise<void>((r) => {
        relay.closeAllConnections();
        relay.close(() => r());
      }),
  };
}
