// Order of the journal as the owner's view applies it: per terminal by seq, with a gap held
// back until it fills; wall clocks (`at`) are never consulted, so a terminal 10 minutes off
// cannot reorder or drop facts. Pure: state in, state + released entries out.
import type { JournalEntry } from './entry';

export interface OrderState {
  /** Next seq expected from each terminal (absent = 1). */
  readonly next: ReadonlyMap<string, number>;
  readonly held: ReadonlyMap<string, ReadonlyMap<number, JournalEntry>>;
}

export const emptyOrder = (): OrderState => ({ next: new Map(), held: new Map() });

export function place(
  state: OrderState,
  entry: JournalEntry,
): { state: OrderState; released: JournalEntry[] } {
  let expected = state.next.get(entry.terminal) ?? 1;
  if (entry.seq < expected) return { state, released: [] }; // already applied
  const held = new Map(state.held.get(entry.terminal) ?? []);
  held.set(entry.seq, entry);
  const released: JournalEntry[] = [];
  for (let e = held.get(expected); e !== undefined; e = held.get(expected)) {
    released.push(e);
    held.delete(expected);
    expected += 1;
  }
  const next = new Map(state.next).set(entry.terminal, expected);
  const allHeld = new Map(state.held).set(entry.terminal, held);
  return { state: { next, held: allHeld }, released };
}
