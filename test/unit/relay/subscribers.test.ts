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

/** A store that holds `held`, counts its reads, and lets a test hold a read open (`gate`). */
function countingStore(held: StoredEvent[]) {
  const s = {
    reads: 0,
    gate: null as Promise<void> | null,
    wake: ((): void => undefined) as WakeListener,
  };
  const store = {
    readAfter: async (_c: string, after: string | null) => {
      s.reads++;
      const found = held.filter((e) => Number(e.id) > Number(after ?? 0));
      if (s.gate) await s.gate;
      return found;
    },
    onAppend: (l: WakeListener) => (s.wake = l),
  } as unknown as RelayStore;
  return { s, store };
}
const quietMetrics = {
  subscriberDelta: () => undefined,
  deliveredEvent: () => undefined,
} as unknown as Metrics;
/** A response whose unsent bytes the test sets (`queued`), as a socket that fills up. */
function fakeResponse(written: string[]) {
  const res = Object.assign(new EventEmitter(), {
    writableLength: 0,
    write(frame: string): boolean {
      written.push(/^id: (\S+)/m.exec(frame)![1]!);
      return true;
    },
    end() {},
  });
  return res;
}
const tick = () => new Promise((r) => setTimeout(r, 10));

it('events handed over while a read is under way are written once it ends, without reading again', async () => {
  const held = [event(1), event(2)];
  const { s, store } = countingStore(held);
  const subs = new Subscribers(store, quietMetrics, 60_000, () => undefined);
  const written: string[] = [];
  let open!: () => void;
  s.gate = new Promise((r) => (open = r));
  subs.add('c', fakeResponse(written) as unknown as ServerResponse, null);
  // While the first read waits: event 2 (which that read already has) and 3, 4 are handed over.
  held.push(event(3), event(4));
  s.wake('c', [event(2), event(3)]);
  s.wake('c', [event(4)]);
  s.gate = null;
  open();
  await tick();
  expect(written).toEqual(['1', '2', '3', '4']);
  expect(s.reads).toBe(1);
  subs.close();
});

it('a wake without its events during a read makes the subscriber read again', async () => {
  const held = [event(1)];
  const { s, store } = countingStore(held);
  const subs = new Subscribers(store, quietMetrics, 60_000, () => undefined);
  const written: string[] = [];
  let open!: () => void;
  s.gate = new Promise((r) => (open = r));
  subs.add('c', fakeResponse(written) as unknown as ServerResponse, null);
  held.push(event(2), event(3));
  s.wake('c', undefined); // event 2: not handed over
  s.wake('c', [event(3)]);
  s.gate = null;
  open();
  await tick();
  expect(written).toEqual(['1', '2', '3']);
  expect(s.reads).toBe(2);
  subs.close();
});

it("a subscriber whose socket filled gets the rest on 'drain' without a read, and reads when too much came", async () => {
  const held = [event(1)];
  const { s, store } = countingStore(held);
  const subs = new Subscribers(store, quietMetrics, 60_000, () => undefined);
  const written: string[] = [];
  const res = fakeResponse(written);
  subs.add('c', res as unknown as ServerResponse, null);
  await tick();
  // Event 2 fills the socket past what a lagging reader may hold: 3 waits, 4 comes meanwhile.
  res.write = (frame: string) => {
    written.push(/^id: (\S+)/m.exec(frame)![1]!);
    res.writableLength = 200 * 1024;
    return false;
  };
  held.push(event(2), event(3), event(4));
  s.wake('c', [event(2), event(3)]);
  s.wake('c', [event(4)]);
  expect(written).toEqual(['1', '2']);
  res.write = (frame: string) => {
    written.push(/^id: (\S+)/m.exec(frame)![1]!);
    return true;
  };
  res.writableLength = 0;
  res.emit('drain');
  await tick();
  expect(written).toEqual(['1', '2', '3', '4']);
  expect(s.reads).toBe(1);

  // Blocked again, and more comes than a subscriber may hold (256 KiB): 'drain' reads.
  res.write = (frame: string) => {
    written.push(/^id: (\S+)/m.exec(frame)![1]!);
    res.writableLength = 200 * 1024;
    return false;
  };
  held.push(event(5));
  s.wake('c', [event(5)]);
  const big = Array.from({ length: 5 }, (_, i) => ({
    ...event(6 + i),
    body: Buffer.alloc(64 * 1024, 0x61),
  }));
  held.push(...big);
  for (const e of big) s.wake('c', [e]);
  res.write = (frame: string) => {
    written.push(/^id: (\S+)/m.exec(frame)![1]!);
    return true;
  };
  res.writableLength = 0;
  res.emit('drain');
  await tick();
  expect(written).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  expect(s.reads).toBe(2);
  subs.close();
});
