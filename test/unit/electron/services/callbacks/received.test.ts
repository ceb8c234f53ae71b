import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCallback } from '../../../../../electron/services/callbacks/policy';
import { receiveCallback } from '../../../../../electron/services/callbacks/received';
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

  it('the policy and the refusal record read its text and bytes, never the body again', () => {
    const received = receiveCallback({ headers: {}, body: '{"id":"from-bytes"}' });
    // The same bytes, another text: whatever reads the text must name `from-text`.
    const cb = { ...received, text: '{"id":"from-text","status":"PAID"}' };
    const eventId = createHash('sha256').update(cb.bytes).digest('hex');
    expect(refusedFacts(cb, settings, DEFAULT_ID_FIELDS)).toEqual({ eventId, ids: ['from-text'] });
    const read = readCallback('confirm-by-query', cb, null, settings, 0, DEFAULT_ID_FIELDS);
    expect(read.ok && read.value).toMatchObject({
      eventId,
      trusted: false,
      body: { ids: ['from-text'], status: 'PAID' },
    });
  });
});
