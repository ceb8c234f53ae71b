// Builds `window.balcao` from a transport. Type-only imports keep it free of the schema
// library, so the preload bundle stays small.
import { CALL_CHANNELS, type CallChannel, type EventChannel } from './ipc-channels';
import type { BalcaoApi } from './ipc-contract';
import type { Result } from './result';

export type Invoke = (channel: CallChannel, input: unknown) => Promise<Result<unknown>>;
export type Subscribe = (event: EventChannel, listener: (payload: unknown) => void) => () => void;

/** Builds the API object from a transport; used by the preload and by the development host. */
export function createApi(invoke: Invoke, subscribe: Subscribe): BalcaoApi {
  const api: Record<string, unknown> = { on: subscribe };
  for (const channel of CALL_CHANNELS) {
    const [domain, verb] = channel.split(':') as [string, string];
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[verb] = (input: unknown) => invoke(channel, input);
  }
  return api as BalcaoApi;
}
