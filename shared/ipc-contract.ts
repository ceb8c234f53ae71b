import { z } from 'zod';
import type { Result } from './result';
import { CALL_CHANNELS, EVENT_CHANNELS, type CallChannel, type EventChannel } from './ipc-channels';

export { CALL_CHANNELS, EVENT_CHANNELS, type CallChannel, type EventChannel };

/**
 * The one IPC contract: each call is a `domain:verb` channel with an input and an output
 * schema; each event a channel with a payload schema. The main process handlers, the preload
 * bridge, the development host and the renderer's client are all typed from this object.
 */
export const calls = {
  'app:info': {
    input: z.object({}).strict(),
    output: z.object({
      version: z.string(),
      mode: z.enum(['demo', 'live']),
      host: z.enum(['electron', 'browser']),
    }),
  },
} as const satisfies Record<CallChannel, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  'app:notice': z.object({ level: z.enum(['info', 'warn', 'error']), text: z.string() }),
} as const satisfies Record<EventChannel, z.ZodType>;

export type CallInput<C extends CallChannel> = z.input<(typeof calls)[C]['input']>;
export type CallOutput<C extends CallChannel> = z.output<(typeof calls)[C]['output']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof events)[E]>;

type Split<S extends string> = S extends `${infer D}:${infer V}` ? [D, V] : never;
type Domains = Split<CallChannel>[0];

/** `window.balcao`: `balcao.app.info({})`, `balcao.on('app:notice', cb)` → unsubscribe. */
export type BalcaoApi = {
  [D in Domains]: {
    [C in CallChannel as Split<C>[0] extends D ? Split<C>[1] : never]: (
      input: CallInput<C>,
    ) => Promise<Result<CallOutput<C>>>;
  };
} & {
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};
