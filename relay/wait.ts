import type { EventEmitter } from 'node:events';

/** Resolves on the channel's next notification, after `timeoutMs`, or on abort; cleans up after itself. */
export function waitForSignal(
  emitter: EventEmitter,
  channelId: string,
  timeoutMs: number,
  signal: AbortSignal,
  onDone: () => void = () => {},
): { promise: Promise<void>; done: () => void } {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => {
    done = () => {
      clearTimeout(timer);
      emitter.off(channelId, done);
      signal.removeEventListener('abort', done);
      onDone();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    emitter.on(channelId, done);
    signal.addEventListener('abort', done);
  });
  return { promise, done };
}
