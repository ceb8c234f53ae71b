// The installed app's first start on Linux (dist/main/index.cjs under Node, the fake `electron`
// in place of the real one): it starts itself again with glibc's malloc arenas limited and
// opens nothing (issue 35: +46 MiB of idle arenas kept after a burst of charges without it).
// Its second start (MALLOC_ARENA_MAX set) is every other main-bundle test.
import Module, { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeElectron, FakeBrowserWindow } from '../helpers/fake-electron';
import { MAIN_BUNDLE } from '../helpers/main-bundle';

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const mod = Module as unknown as { _load: Loader };
const originalLoad = mod._load;
const env = { ...process.env };
const argv = process.argv;
afterAll(() => {
  mod._load = originalLoad;
  process.env = env;
  process.argv = argv;
});

describe.runIf(process.platform === 'linux')('first start on Linux', () => {
  it('starts again once with MALLOC_ARENA_MAX=1 and the same arguments, opening no window', () => {
    const fake = createFakeElectron();
    delete process.env.MALLOC_ARENA_MAX;
    delete process.env.GLIBC_TUNABLES;
    delete process.env.APPIMAGE;
    process.argv = [argv[0]!, '--devtools'];
    mod._load = function (request, parent, isMain) {
      if (request === 'electron') return fake;
      return originalLoad.call(this, request, parent, isMain);
    };
    createRequire(import.meta.url)(MAIN_BUNDLE);
    expect(fake.app.relaunches).toEqual([{ args: ['--devtools'] }]);
    expect(fake.app.exits).toEqual([0]);
    expect(process.env.MALLOC_ARENA_MAX).toBe('1');
    expect(FakeBrowserWindow.all).toHaveLength(0);
  });
});
