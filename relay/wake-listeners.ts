import type { StoredEvent, WakeListener } from './store';

/**
 * The listeners of a store's `onAppend`, told alike by every store whatever woke it: its own
 * commit, another instance's message, or a reconnection (`null`: any channel may have news).
 */
export class WakeListeners {
  private readonly listeners: WakeListener[] = [];

  add(listener: WakeListener): void {
    this.listeners.push(listener);
  }

  wake(channelId: string | null, appended?: readonly StoredEvent[]): void {
    for (const l of this.listeners) l(channelId, appended);
  }
}
