import { describe, expect, it } from 'vitest';
import { CommitOrder } from '../../../relay/etcd-commit-order';
import type { StoredEvent } from '../../../relay/store';

// Which committed events an etcd relay instance hands to its own subscribers on etcd's answer
// (relay/etcd-commit-order.ts): never before an earlier event of their channel, never twice
// with the watch. Answers come back in any order (each call may go to another member); the
// cluster itself is exercised in etcd-group-commit.test.ts.
const ev = (id: string): StoredEvent => ({ id, receivedAt: 0, headers: {}, body: Buffer.from(id) });

function order(watchedUpTo: bigint) {
  const handed: string[] = [];
  const o = new CommitOrder(watchedUpTo, (c, evs) =>
    handed.push(...evs.map((e) => `${c}:${e.id}`)),
  );
  return { o, handed };
}

describe('hand-over on commit (etcd)', () => {
  it('an answer that overtakes its predecessor’s waits for it, then both go in order', () => {
    const { o, handed } = order(10n);
    o.committed('c', 12n, 11n, [ev('12'), ev('12-1')]);
    expect(handed).toEqual([]);
    o.committed('c', 11n, 5n, [ev('11')]);
    expect(handed).toEqual(['c:11', 'c:12', 'c:12-1']);
    // The watch brings them back: skipped, then forgotten once it has passed them.
    expect(o.handedEarly('c', 11n) && o.handedEarly('c', 12n)).toBe(true);
    o.watchReached(12n);
    expect(o.handedEarly('c', 12n)).toBe(false);
  });

  it('a transaction the watch handed over first is not handed over again; the next one goes on its answer', () => {
    const { o, handed } = order(10n);
    o.committed('d', 15n, 14n, [ev('15')]); // 14: another instance's, not watched yet
    o.watchReached(15n); // the watch handed 14 and 15 over itself
    o.committed('d', 16n, 15n, [ev('16')]);
    expect(handed).toEqual(['d:16']);
  });

  it('an answer the watch already passed, or with no previous event known, is left to the watch', () => {
    const { o, handed } = order(20n);
    o.committed('e', 20n, 3n, [ev('20')]);
    o.committed('f', 21n, null, [ev('21')]);
    expect(handed).toEqual([]);
  });
});
