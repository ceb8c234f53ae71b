import { afterAll, beforeAll } from 'vitest';
import { stopAll } from './stop-all';

type Part = { close(): unknown } | { stop(): unknown };
/** How a perFile `start` hands over a part for stopping at the end. */
export type Own = <P extends Part>(part: P) => P;

/**
 * What a test file's tests share (a sandbox, the development host, Chromium on it), started once
 * before them and stopped after them: one call instead of a `let` per part and a beforeAll /
 * afterAll pair in every file. `start` hands each part it starts to `own`; the parts are stopped
 * in reverse order (the browser before the host it shows), also when a later one failed to start.
 * The returned object reads what `start` returned, once it has (so only inside hooks and tests).
 */
export function perFile<T extends object>(start: (own: Own) => Promise<T>, timeout?: number): T {
  let started: T | undefined;
  const owned: Part[] = [];
  beforeAll(async () => {
    started = await start((part) => {
      owned.unshift(part);
      return part;
    });
  }, timeout);
  afterAll(() => stopAll(...owned));
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`${String(key)} read before this file's beforeAll started it`);
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
