import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCallback } from '../../../../../electron/services/callbacks/policy';
import { parseJson, receiveCallback } from '../../../../../electron/services/callbacks/received';
import { refusedFacts } from '../../../../../electron/services/callbacks/refusal-facts';
import { DEFAULT_ID_FIELDS } from '../../../../../electron/services/callbacks/verify';
import { defaultSettings } from '../../../../../shared/settings';

// Issue 35: a callback is read once at the edge (intake.ts → receiveCallback) into one value
// that the policy, the verification and the refusal record all read.
const settings = defaultSettings().psp.callback;

describe('a callback read once at the edge', () => {
  it('lower-cases the headers, keeps the signed bytes and decodes them with the named charset', () => {
    const latin1 = Buffer.from('{"id":"c1","status":"Ação"}', 'latin1');
    const cb = receiveCallback({
      headers: { 'Content-Type': 'application/json; charset=ISO-8859-1', 'X-Multi': ['a', 'b'] },
      body: latin1,
    });
    expect(cb.headers).toEqual({
      'content-type': 'application/json; charset=ISO-8859-1',
      'x-multi': 'a',
    });
    expect(cb.bytes.equals(latin1)).toBe(true);
    expect(cb.text).toBe('{"id":"c1","status":"Ação"}');
  });

  it('parses the text as JSON once, and says so when it is not JSON', () => {
    expect(receiveCallback({ headers: {}, body: '{"id":"c1"}' }).json).toEqual({
      ok: true,
      value: { id: 'c1' },
    });
    expect(receiveCallback({ headers: {}, body: 'not json' }).json).toEqual({ ok: false });
  });

  it('the policy and the refusal record read its parsed JSON and bytes, never the body again', () => {
    const received = receiveCallback({ headers: {}, body: '{"id":"from-bytes"}' });
    // The same bytes and text, another JSON: whatever reads the body must name `from-json`.
    const cb = { ...received, json: parseJson('{"id":"from-json","status":"PAID"}') };
    const eventId = createHash('sha256').update(cb.bytes).digest('hex');
    expect(refusedFacts(cb, settings, DEFAULT_ID_FIELDS)).toEqual({ eventId, ids: ['from-json'] });
    const read = readCallback('confirm-by-query', cb, null, settings, 0, DEFAULT_ID_FIELDS);
    expect(read.ok && read.value).toMatchObject({
      eventId,
      trusted: false,
      body: { ids: ['from-json'], status: 'PAID' },
    });
  });
});
