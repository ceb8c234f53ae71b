import { describe, expect, it } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { Timeline, type RelayOutage } from '../../helpers/chaos-timeline';

// The chaos run's "relay back → Pago" figure is issue 21's 2 s target: an outage whose return
// the app was killed before showing must not count there (its restart's time would), and one
// it did show must.
const paid = (id: string) => ({ id, status: 'PAID', flags: [] }) as unknown as ChargeView;

describe('chaos timeline: what a relay return counts', () => {
  it('the return is shown once the stream is up and every payment made meanwhile is Pago', () => {
    const t = new Timeline();
    const d: RelayOutage = { paid: ['a', 'b'], backAt: 1_000 };
    t.connected.push(1_200);
    t.seen(paid('a'), 1_300);
    expect(t.returnShown(d)).toBe(false);
    t.seen(paid('b'), 1_400);
    expect(t.returnShown(d)).toBe(true);
  });

  it('a stream up before the return is not the return shown', () => {
    const t = new Timeline();
    t.connected.push(900);
    expect(t.returnShown({ paid: [], backAt: 1_000 })).toBe(false);
  });

  it('an app killed before showing a return leaves it to its restart; a shown one still counts', () => {
    const t = new Timeline();
    const shown: RelayOutage = { paid: ['a'], backAt: 1_000 };
    const unshown: RelayOutage = { paid: ['b'], backAt: 2_000 };
    const stillDown: RelayOutage = { paid: ['c'] };
    t.connected.push(1_100, 2_100);
    t.seen(paid('a'), 1_200);
    t.appKilled([shown, unshown, stillDown]);
    expect([shown, unshown, stillDown].map((d) => !!d.appDownAtBack)).toEqual([false, true, false]);
    t.seen(paid('b'), 9_000);
    expect(t.sinceRelayBack([shown, unshown])).toMatchObject({ n: 1, max: 200 });
  });

  it('relay back → Pago counts outages the app was up for, from the return', () => {
    const t = new Timeline();
    t.seen(paid('a'), 2_500);
    t.seen(paid('b'), 9_000);
    const shown: RelayOutage = { paid: ['a'], backAt: 2_000 };
    const restarted: RelayOutage = { paid: ['b'], backAt: 3_000, appDownAtBack: true };
    expect(t.sinceRelayBack([shown, restarted])).toMatchObject({ n: 1, max: 500 });
  });
});
