import type { EventChannel, EventPayload } from '../../shared/ipc-contract';
import { EVENT_CHANNELS } from '../../shared/ipc-channels';

type Listener<E extends EventChannel> = (payload: EventPayload<E>) => void;

/** The app's events (the contract's event channels), fanned out to windows or sockets. */
export class AppEvents {
  private readonly listeners = new Map<EventChannel, Set<Listener<never>>>();

  on<E extends EventChannel>(event: E, fn: Listener<E>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(fn as Listener<never>);
    this.listeners.set(event, set);
    return () => set.delete(fn as Listener<never>);
  }

  /** Every event, for transports that forward them all. */
  onAny(fn: (event: EventChannel, payload: unknown) => void): () => void {
    const offs = EVENT_CHANNELS.map((e) => this.on(e, (p) => fn(e, p)));
    return () => offs.forEach((off) => off());
  }

  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    for (const fn of this.listeners.get(event) ?? []) (fn as Listener<E>)(payload);
  }
}
