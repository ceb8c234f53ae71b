import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRelayChannel } from '../helpers/relay-channel';
import { relayProcessForFile } from '../helpers/relay-process-for-file';
import { waitFor } from '../helpers/sandbox';
import { CALLBACK_SECRET, relayTerminal } from '../helpers/terminal';

// D7: a PSP that sends Latin-1. The relay must store and deliver the exact bytes (base64 in
// the SSE data when they are not UTF-8) so the terminal's HMAC check passes over what was
// signed, and the payment is read with its accents.
const ADMIN = 'non-utf8-admin-token-0123456789';
const relay = relayProcessForFile({ adminToken: ADMIN });
const newChannel = () => newRelayChannel(relay.url, ADMIN);

/** Signed the way the PSP does: HMAC over `{timestamp}.` followed by the body's bytes. */
function signLatin1(text: string, eventId: string, secret = CALLBACK_SECRET) {
  const body = Buffer.from(text, 'latin1');
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${ts}.`), body]))
    .digest('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-event-id': eventId,
      'x-timestamp': ts,
      'x-signature': sig,
    },
  };
}

const post = (channelId: string, c: { body: Buffer; headers: Record<string, string> }) =>
  fetch(`${relay.url}/hooks/${channelId}`, {
    method: 'POST',
    headers: c.headers,
    body: new Uint8Array(c.body),
  });

describe('non-UTF-8 callbacks through the relay (D7)', () => {
  it('a Latin-1 callback with a valid signature is delivered byte for byte and applied once, with its accents', async () => {
    const ch = await newChannel();
    const text = '{"transactionId":"pedido-açaí-ção","status":"PAID","payer":{"name":"João"}}';
    const signed = signLatin1(text, 'latin1-1');
    expect(signed.body.includes(0xe7)).toBe(true); // 'ç' as one Latin-1 byte: not UTF-8
    expect((await post(ch.channelId, signed)).status).toBe(200);

    // On the wire: base64 in the SSE data, decoding to the very bytes posted.
    const ac = new AbortController();
    const res = await fetch(`${relay.url}/channels/${ch.channelId}/events`, {
      headers: { authorization: `Bearer ${ch.token}` },
      signal: ac.signal,
    });
    let sse = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      sse += Buffer.from(chunk).toString();
      if (/\ndata: .*\n\n/.test(sse)) break;
    }
    ac.abort();
    const data = JSON.parse(/\ndata: (.*)\n\n/.exec(sse)![1]!) as {
      body: string;
      bodyEncoding?: string;
    };
    expect(data.bodyEncoding).toBe('base64');
    expect(Buffer.from(data.body, 'base64').equals(signed.body)).toBe(true);

    // The terminal: verified over the exact bytes, recorded once, read with its accents.
    const t = relayTerminal({ relayUrl: relay.url, channelId: ch.channelId, token: ch.token });
    await waitFor(() => t.seen('latin1-1'), 15_000);
    const row = t.ledger.db
      .prepare('SELECT record_id, status FROM callback_events WHERE event_id = ?')
      .get('latin1-1') as { record_id: string; status: string };
    expect(row).toEqual({ record_id: 'pedido-açaí-ção', status: 'PAID' });

    // A UTF-8 body still travels as text, and is applied too.
    const utf8Body = JSON.stringify({ transactionId: 'pedido-utf8-ção', status: 'PAID' });
    const ts = String(Math.floor(Date.now() / 1000));
    expect(
      (
        await fetch(`${relay.url}/hooks/${ch.channelId}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-event-id': 'utf8-1',
            'x-timestamp': ts,
            'x-signature': createHmac('sha256', CALLBACK_SECRET)
              .update(`${ts}.${utf8Body}`)
              .digest('hex'),
          },
          body: utf8Body,
        })
      ).status,
    ).toBe(200);
    await waitFor(() => t.seen('utf8-1'), 15_000);
    expect(t.count()).toBe(2);
    t.subscriber.stop();
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
  });

  it('the same Latin-1 bytes with a signature made over their UTF-8 re-encoding are refused, and nothing is applied', async () => {
    const ch = await newChannel();
    const text = '{"transactionId":"pedido-forjado-ção","status":"PAID"}';
    const body = Buffer.from(text, 'latin1');
    const ts = String(Math.floor(Date.now() / 1000));
    const wrong = createHmac('sha256', CALLBACK_SECRET).update(`${ts}.${text}`).digest('hex');
    const r = await fetch(`${relay.url}/hooks/${ch.channelId}`, {
      method: 'POST',
      headers: { 'x-event-id': 'forged-1', 'x-timestamp': ts, 'x-signature': wrong },
      body: new Uint8Array(body),
    });
    expect(r.status).toBe(200); // the relay stores; only the terminal holds the secret
    const t = relayTerminal({ relayUrl: relay.url, channelId: ch.channelId, token: ch.token });
    const rejected = () =>
      (
        t.ledger.db
          .prepare(
            "SELECT COALESCE(SUM(count), 0) AS n FROM callback_rejections WHERE code = 'CALLBACK_BAD_SIGNATURE'",
          )
          .get() as { n: number }
      ).n;
    await waitFor(() => rejected() === 1, 15_000);
    expect(t.count()).toBe(0);
    t.subscriber.stop();
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
  });
});
