// A relay that stores nothing, for the durable-ingest benchmark: it answers each callback 200 at
// once and writes it to the channel's SSE subscribers, as the relay's interface says, so the
// load tool's own ceiling on this machine (its process shares the two cores with the relay) is
// measured in the same run as the relay. Loopback only; prints its URL, then serves until killed.
import http from 'node:http';

const subscribers = new Set<http.ServerResponse>();
let n = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': connected\n\n');
    subscribers.add(res);
    res.once('close', () => subscribers.delete(res));
    return;
  }
  if (req.url === '/admin/channels') {
    res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ channelId: 'null', token: 'null' }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = String(++n);
    const body = Buffer.concat(chunks).toString('utf8');
    const frame = `id: ${id}\ndata: ${JSON.stringify({ id, receivedAt: Date.now(), headers: {}, body })}\n\n`;
    for (const s of subscribers) s.write(frame);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ ok: true, id }));
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`http://127.0.0.1:${port}`);
});
