import { describe, expect, it } from 'vitest';
import { refusedFacts } from '../../../../../electron/services/callbacks/refusal-facts';
import {
  DEFAULT_ID_FIELDS,
  receiveCallback,
} from '../../../../../electron/services/callbacks/verify';
import { defaultSettings } from '../../../../../shared/settings';

// A refused callback is read without believing it, whatever it holds: what it names is shown to
// the owner, bounded, and nothing in it can crash the intake.
const settings = defaultSettings().psp.callback;
const facts = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  refusedFacts(receiveCallback({ headers, body }), settings, DEFAULT_ID_FIELDS);

describe('what a refused callback names', () => {
  it('its event id header and the ids it carries, top level and one down', () => {
    expect(
      facts(JSON.stringify({ transactionId: 'tx-1', data: { external_id: 'blc_9' } }), {
        'X-Event-Id': 'ev-7',
      }),
    ).toEqual({ eventId: 'ev-7', ids: ['tx-1', 'blc_9'] });
  });

  it('a hostile body keeps a few short ids; garbage or invalid bytes name nothing, never throw', () => {
    const many = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`k${i}`, { id: 'x'.repeat(10_000) + i }]),
    );
    const f = facts(JSON.stringify({ id: 'y'.repeat(5_000), ...many }));
    expect(f.ids.length).toBeLessThanOrEqual(5);
    expect(f.ids.every((id) => id.length <= 100)).toBe(true);
    expect(facts('{"transactionId": ').ids).toEqual([]);
    expect(facts('[1,2,3]').ids).toEqual([]);
    expect(facts(new Uint8Array([0xff, 0xfe, 0x00, 0x7b])).ids).toEqual([]);
    // Without an event id header the id is the body's hash, bounded too.
    expect(facts('null').eventId).toMatch(/^[0-9a-f]{64}$/);
  });
});
