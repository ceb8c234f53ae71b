import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../relay/etcd-append-batch';
import { comparePos, formatId, keyIndex, parseId } from '../../../relay/etcd-event-id';
import { idAfter } from '../../../relay/store';

/** A store stand-in that records each transaction's items and answers when told to. */
function recorder() {
  const sent: Array<{
    items: string[];
    answer: (r: Array<string | Error>) => void;
    fail: (e: Error) => void;
  }> = [];
  const commit = (items: string[]) =>
    new Promise<Array<string | Error>>((answer, fail) => sent.push({ items, answer, fail }));
  return { sent, commit };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('one turn’s callbacks go as one transaction, each answered with its own outcome only after it', async () => {
    const { sent, commit } = recorder();
    const g = new GroupCommit(commit, { maxItems: 40, maxBytes: 1e6, maxInFlight: 4 });
    let answered = 0;
    const ps = ['a', 'b', 'c'].map((x) => g.add(x, 10).then((r) => (answered++, r)));
    await turn();
    expect(sent.map((s) => s.items)).toEqual([['a', 'b', 'c']]);
    await turn();
    expect(answered).toBe(0); // nothing before the transaction's answer
    sent[0]!.answer(['1', new Error('refused'), '1-2']);
    const out = await Promise.allSettled(ps);
    expect(out.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual([
      '1',
      'Error: refused',
      '1-2',
    ]);
  });

  it('splits by count and bytes (one too large still goes alone); a failed transaction fails all of its callbacks', async () => {
    const { sent, commit } = recorder();
    const g = new GroupCommit(commit, { maxItems: 2, maxBytes: 100, maxInFlight: 10 });
    const ps = [
      g.add('a', 10),
      g.add('b', 10),
      g.add('c', 10),
      g.add('big', 500),
      g.add('d', 60),
      g.add('e', 60),
    ];
    await turn();
    expect(sent.map((s) => s.items)).toEqual([['a', 'b'], ['c'], ['big'], ['d'], ['e']]);
    sent[0]!.fail(new Error('too large'));
    for (const s of sent.slice(1)) s.answer(s.items.map(() => 'ok'));
    const out = await Promise.allSettled(ps);
    expect(out.map((o) => o.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });

  it('with maxInFlight transactions on their way, what arrives waits and goes together when one is answered', async () => {
    const { sent, commit } = recorder();
    const g = new GroupCommit(commit, { maxItems: 40, maxBytes: 1e6, maxInFlight: 1 });
    const first = g.add('a', 1);
    await turn();
    const later = ['b', 'c', 'd'].map((x) => g.add(x, 1));
    await turn();
    expect(sent.map((s) => s.items)).toEqual([['a']]);
    sent[0]!.answer(['1']);
    await first;
    await turn();
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b', 'c', 'd']]);
    sent[1]!.answer(['2', '2-1', '2-2']);
    expect(await Promise.all(later)).toEqual(['2', '2-1', '2-2']);
    expect(g.commits).toBe(2);
  });
});

describe('etcd event ids', () => {
  it('a place in a transaction: the first keeps the plain revision; all ordered as idAfter orders', () => {
    expect(formatId(12n, 0)).toBe('12');
    expect(formatId('12', 3)).toBe('12-3');
    expect(parseId('12-3')).toEqual({ rev: 12n, index: 3 });
    expect(parseId('12')).toEqual({ rev: 12n, index: 0 });
    for (const bad of ['', 'x', '12-', '-3', '1-2-3', '1'.repeat(19), null])
      expect(parseId(bad)).toBeNull();
    const ids = ['9', '12', '12-1', '12-2', '12-10', '13'];
    for (let i = 1; i < ids.length; i++) {
      expect(idAfter(ids[i]!, ids[i - 1]!)).toBe(true);
      expect(comparePos(parseId(ids[i]!)!, parseId(ids[i - 1]!)!)).toBeGreaterThan(0);
    }
    expect(keyIndex('relay/ev/ch/r00000000000000000012-000000000000001-0123456789ab.7')).toBe(7);
    expect(keyIndex('relay/ev/ch/r00000000000000000012-000000000000001-0123456789ab')).toBe(0);
  });
});
