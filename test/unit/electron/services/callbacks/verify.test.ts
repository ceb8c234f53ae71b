import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  parseCallbackBody,
  parseJson,
  receiveCallback,
  verifyCallback,
} from '../../../../../electron/services/callbacks/verify';
import { callbackSettingsSchema, type CallbackSettings } from '../../../../../shared/psp-settings';

// Vectors are computed here with node:crypto, never with the code under test.
const SECRET = 'demo-client-secret';
const NOW = 1_790_000_000_000;
const TS = String(NOW / 1000);
const BODY = JSON.stringify({
  transactionId: 'tx-1',
  external_id: 'ext-1',
  status: 'PAID',
  amount: 12.34,
  fee: 0.12,
});
const defaults = callbackSettingsSchema.parse({});

const sign = (
  body: string,
  ts: string,
  secret = SECRET,
  algo = 'sha256',
  enc: 'hex' | 'base64' = 'hex',
) => createHmac(algo, secret).update(`${ts}.${body}`).digest(enc);

const verify = (
  headers: Record<string, string>,
  body = BODY,
  settings: CallbackSettings = defaults,
  now = NOW,
  previous?: { secret: string; validUntil: number },
) =>
  verifyCallback(
    receiveCallback({ headers, body }),
    { current: SECRET, ...(previous && { previous }) },
    settings,
    now,
  );

const good = (over: Record<string, string> = {}) => ({
  'x-timestamp': TS,
  'x-signature': sign(BODY, TS),
  ...over,
});

describe('callback verification (A8)', () => {
  it('accepts a valid callback and reads A7 fields in cents', () => {
    const r = verify({ ...good(), 'x-event-id': 'evt-1' });
    expect(r).toMatchObject({
      ok: true,
      value: {
        eventId: 'evt-1',
        body: {
          transactionId: 'tx-1',
          ids: ['tx-1', 'ext-1'],
          status: 'PAID',
          amountCents: 1234,
          feeCents: 12,
        },
      },
    });
  });

  it('without x-event-id the event id is the SHA-256 of the raw body', () => {
    const r = verify(good());
    expect(r.ok && r.value.eventId).toBe(createHash('sha256').update(BODY).digest('hex'));
  });

  it('accepts the optional sha256= prefix and upper-case header names', () => {
    expect(verify({ 'X-Timestamp': TS, 'X-Signature': `sha256=${sign(BODY, TS)}` }).ok).toBe(true);
  });

  it.each([
    [
      'forged (signed with another secret)',
      { 'x-signature': sign(BODY, TS, 'attacker-secret') },
      'CALLBACK_BAD_SIGNATURE',
    ],
    ['missing signature', { 'x-signature': '' }, 'CALLBACK_NO_SIGNATURE'],
    ['missing timestamp', { 'x-timestamp': '' }, 'CALLBACK_NO_TIMESTAMP'],
    ['non-numeric timestamp', { 'x-timestamp': '12abc' }, 'CALLBACK_BAD_TIMESTAMP'],
    ['signature not hex', { 'x-signature': 'zz'.repeat(32) }, 'CALLBACK_BAD_SIGNATURE'],
    [
      'signature truncated',
      { 'x-signature': sign(BODY, TS).slice(0, 40) },
      'CALLBACK_BAD_SIGNATURE',
    ],
  ])('rejects %s', (_name, over, code) => {
    expect(verify(good(over))).toMatchObject({ ok: false, code });
  });

  it('rejects a tampered body (amount changed after signing)', () => {
    expect(verify(good(), BODY.replace('12.34', '1234.00'))).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_SIGNATURE',
    });
  });

  it('rejects a replay of a valid signature with a new timestamp', () => {
    const later = String(Number(TS) + 60);
    expect(verify(good({ 'x-timestamp': later }), BODY, defaults, NOW + 60_000)).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_SIGNATURE',
    });
  });

  it('rejects stale and future-dated callbacks outside the 300 s tolerance, accepts inside', () => {
    const at = (offset: number) => {
      const ts = String(Number(TS) + offset);
      return verify({ 'x-timestamp': ts, 'x-signature': sign(BODY, ts) });
    };
    expect(at(-301)).toMatchObject({ ok: false, code: 'CALLBACK_STALE' });
    expect(at(301)).toMatchObject({ ok: false, code: 'CALLBACK_FUTURE' });
    expect(at(-299).ok).toBe(true);
    expect(at(299).ok).toBe(true);
  });

  it('honours every setting: header names, sha512, base64, template, tolerance', () => {
    const settings = callbackSettingsSchema.parse({
      signatureHeader: 'X-Hub-Sig',
      timestampHeader: 'X-Hub-Time',
      eventIdHeader: 'X-Delivery',
      algorithm: 'sha512',
      encoding: 'base64',
      template: 'v1:{timestamp}:{body}',
      toleranceSeconds: 10,
    });
    const sig = createHmac('sha512', SECRET).update(`v1:${TS}:${BODY}`).digest('base64');
    expect(
      verify({ 'x-hub-sig': sig, 'x-hub-time': TS, 'x-delivery': 'd-9' }, BODY, settings),
    ).toMatchObject({ ok: true, value: { eventId: 'd-9' } });
    expect(
      verify({ 'x-hub-sig': sig, 'x-hub-time': TS }, BODY, settings, NOW + 11_000),
    ).toMatchObject({ code: 'CALLBACK_STALE' });
    // The default template's signature does not pass the configured one.
    expect(
      verify(
        { 'x-hub-sig': sign(BODY, TS, SECRET, 'sha512', 'base64'), 'x-hub-time': TS },
        BODY,
        settings,
      ),
    ).toMatchObject({ ok: false });
  });

  it('accepts the previous secret during a rotation window, and not after it', () => {
    const old = { secret: 'old-secret', validUntil: NOW + 1000 };
    const headers = good({ 'x-signature': sign(BODY, TS, 'old-secret') });
    expect(verify(headers, BODY, defaults, NOW, old).ok).toBe(true);
    expect(verify(headers, BODY, defaults, NOW + 1001, old)).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_SIGNATURE',
    });
  });

  it('signature checks come first: a valid signature over a non-JSON body is a body error', () => {
    expect(verify(good({ 'x-signature': sign('not json', TS) }), 'not json')).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_BODY',
    });
  });
});

describe('callback timestamps in seconds, milliseconds or ISO 8601', () => {
  it('accepts ms and ISO within the window, signed over the header as received', () => {
    for (const ts of [String(NOW), new Date(NOW).toISOString()]) {
      expect(verify({ 'x-timestamp': ts, 'x-signature': sign(BODY, ts) }).ok).toBe(true);
    }
    const stale = new Date(NOW - 301_000).toISOString();
    expect(verify({ 'x-timestamp': stale, 'x-signature': sign(BODY, stale) })).toMatchObject({
      ok: false,
      code: 'CALLBACK_STALE',
    });
    expect(
      verify({ 'x-timestamp': 'yesterday', 'x-signature': sign(BODY, 'yesterday') }),
    ).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_TIMESTAMP',
    });
  });
});

describe('A7 body reading', () => {
  it('finds ids, status, fees and amount one level down', () => {
    const r = parseCallbackBody(
      parseJson(
        JSON.stringify({
          event: 'x',
          data: { externalId: 'e-9', status: 'COMPLETED', taxes: '1.50', amount: 10 },
        }),
      ),
    );
    expect(r).toMatchObject({
      ok: true,
      value: { transactionId: 'e-9', status: 'COMPLETED', feeCents: 150, amountCents: 1000 },
    });
  });

  it('the template never interprets placeholders inside the body', () => {
    expect(fillTemplate('{timestamp}.{body}', '1', '{"a":"{timestamp}"}')).toBe(
      '1.{"a":"{timestamp}"}',
    );
  });
});

describe('one header with both parts (t=…,v1=…, ts=…,v1=…) and a static token header', () => {
  const combined = callbackSettingsSchema.parse({
    format: 'combined',
    signatureHeader: 'x-signature',
  });
  it('accepts t=…,v1=… and ts=…,v1=… over {timestamp}.{body}; refuses a wrong v1, a stale t, a missing t', () => {
    for (const key of ['t', 'ts']) {
      const header = `${key}=${TS},v1=${sign(BODY, TS)}`;
      expect(verify({ 'x-signature': header }, BODY, combined)).toMatchObject({
        ok: true,
        value: { timestamp: Number(TS) },
      });
    }
    // A rotation: two v1 values, the second one right.
    expect(
      verify(
        { 'x-signature': `t=${TS},v1=${sign(BODY, TS, 'old')},v1=${sign(BODY, TS)}` },
        BODY,
        combined,
      ),
    ).toMatchObject({ ok: true });
    expect(
      verify({ 'x-signature': `t=${TS},v1=${sign(BODY, TS, 'wrong')}` }, BODY, combined),
    ).toMatchObject({ ok: false, code: 'CALLBACK_BAD_SIGNATURE' });
    const stale = String(Number(TS) - 301);
    expect(
      verify({ 'x-signature': `t=${stale},v1=${sign(BODY, stale)}` }, BODY, combined),
    ).toMatchObject({ ok: false, code: 'CALLBACK_STALE' });
    expect(verify({ 'x-signature': `v1=${sign(BODY, TS)}` }, BODY, combined)).toMatchObject({
      ok: false,
      code: 'CALLBACK_NO_TIMESTAMP',
    });
    // The body changed after signing: refused.
    expect(
      verify(
        { 'x-signature': `t=${TS},v1=${sign(BODY, TS)}` },
        BODY.replace('PAID', 'PAGO'),
        combined,
      ),
    ).toMatchObject({ ok: false, code: 'CALLBACK_BAD_SIGNATURE' });
  });

  it('a static token header equal to the secret is accepted; any other value is refused', () => {
    const token = callbackSettingsSchema.parse({
      format: 'token',
      signatureHeader: 'asaas-access-token',
    });
    expect(verify({ 'asaas-access-token': SECRET }, BODY, token)).toMatchObject({ ok: true });
    expect(verify({ 'asaas-access-token': `${SECRET}x` }, BODY, token)).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_SIGNATURE',
    });
    expect(verify({ 'asaas-access-token': SECRET.slice(0, 5) }, BODY, token)).toMatchObject({
      ok: false,
      code: 'CALLBACK_BAD_SIGNATURE',
    });
    expect(verify({}, BODY, token)).toMatchObject({ ok: false, code: 'CALLBACK_NO_SIGNATURE' });
    // A rotated-out token still valid until its deadline.
    expect(
      verify({ 'asaas-access-token': 'old-token' }, BODY, token, NOW, {
        secret: 'old-token',
        validUntil: NOW + 1000,
      }),
    ).toMatchObject({ ok: true });
  });
});
