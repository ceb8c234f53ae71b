import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { expect, it } from 'vitest';
import type { Metrics } from '../../../relay/metrics';
import type { RelayStore, StoredEvent, WakeListener } from '../../../relay/store';
import { Subscribers } from '../../../relay/subscribers';

const event = (id: number): StoredEvent => ({
  id: String(id),
  receivedAt: 0,
  headers: {},
  body: Buffer.from(`{"n":${id}}`),
});

it('a wake that lands just as a read pass ends is not lost (the next hand-over would skip its event)', async () => {
  const held: StoredEvent[] = [event(1)];
  let wake: WakeListener = () => undefined;
  const store = {
    readAfter: (_c: string, after: string | null) =>
      Promise.resolve(held.filter((e) => Number(e.id) > Number(after ?? 0))),
    onAppend: (l: WakeListener) => (wake = l),
  } as unknown as RelayStore;
  const metrics = { subscriberDelta: () => undefined, deliveredEvent: () => undefined };
  const subs = new Subscribers(store, metrics as unknown as Metrics, 60_000, () => undefined);
  const written: string[] = [];
  let first = true;
  const res = Object.assign(new EventEmitter(), {
    write(frame: string) {
      written.push(/^id: (\S+)/m.exec(frame)![1]!);
      // Event 2 is committed and its wake arrives in the microtask right after this pass
      // returns: the same turn in which a store's watch callback may run.
      if (first) {
        first = false;
        queueMicrotask(() => {
          held.push(event(2));
          wake('c', undefined);
        });
      }
      return true;
    },
    end() {},
  }) as unknown as ServerResponse;
  subs.add('c', res, null);
  await new Promise((r) => setTimeout(r, 20));
  // Event 3 handed over by the store to a subscriber that has read everything.
  held.push(event(3));
  wake('c', [event(3)]);
  await new Promise((r) => setTimeout(r, 20));
  expect(written).toEqual(['1', '2', '3']);
  subs.close();
});
