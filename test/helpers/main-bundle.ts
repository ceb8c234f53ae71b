import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { FakeElectron } from './fake-electron';
import { waitFor } from './sandbox';

/** The built main bundle, exactly what the installer ships. */
export const MAIN_BUNDLE = path.resolve(import.meta.dirname, '../../dist/main/index.cjs');

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const mod = Module as unknown as { _load: Loader };
const originalLoad = mod._load;

/** Polls `what` until it is truthy (20 s at the most). */
export const until = <T>(what: () => T | undefined | false) => waitFor(what, 20_000, 50);

/**
 * For one describe block: `start()` runs MAIN_BUNDLE under Node with `fake` answering for
 * `electron`. After the block the app is quit (its second quit call, once it has cleaned up),
 * Node's module loader is put back and so is `process.env`.
 */
export function mainBundleOnFake(fake: FakeElectron) {
  const env = { ...process.env };
  afterAll(async () => {
    fake.app.quit();
    await until(() => fake.app.quitCalls >= 2);
    mod._load = originalLoad;
    process.env = env;
  });
  return {
    start() {
      // As the installed app's second start on Linux has it (electron/main/os/malloc-arenas.ts);
      // electron-arena-relaunch.test.ts is the first start.
      process.env.MALLOC_ARENA_MAX ??= '1';
      mod._load = function (request, parent, isMain) {
        if (request === 'electron') return fake;
        return originalLoad.call(this, request, parent, isMain);
      };
      createRequire(import.meta.url)(MAIN_BUNDLE);
    },
  };
}
