import http from 'node:http';
import type { ChargeView } from '../../shared/views';
import { payer } from './core';
import { eventually } from './sandbox';
import type { Terminal } from './sandbox-terminal';

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

/**
 * A terminal's options for a relay at `url` whose silence is noticed after 400 ms (30 s in
 * production), with status questions far apart unless the dead stream is noticed.
 */
export const onSilentRelay = (url: string) => ({
  relay: { url, channelId: 'ch', token: 'tok' },
  relaySilenceMs: 400,
  pollMs: 100,
  reconcileBackoffMs: [3_600_000],
});

/**
 * Starts terminal `t`, waits for its relay stream, creates a charge of R$ 44,00, and waits
 * until that charge has been asked about once (the next question is an hour away).
 */
export async function chargeOnceConnected(t: Terminal): Promise<ChargeView> {
  await t.core.start();
  await eventually(async () => t.core.connection().state === 'connected');
  const r = await t.core.charges.create({ amountCents: 4400, payer });
  if (!r.ok) throw new Error(r.message);
  await new Promise((res) => setTimeout(res, 250));
  return r.value;
}
