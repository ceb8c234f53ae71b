import { describe, expect, it } from 'vitest';
import { arenaRelaunch } from '../../../../electron/main/os/malloc-arenas';

// The installed app on Linux starts itself once more with glibc's arenas limited (issue 35: a
// counter kept +46 MiB after a burst of charges without it), and only once.
describe('starting again with malloc arenas limited', () => {
  const argv = ['/opt/Balcao/balcao', '--devtools'];
  it('on Linux, once, with the same arguments', () => {
    expect(arenaRelaunch('linux', {}, argv)).toEqual({ args: ['--devtools'] });
    expect(arenaRelaunch('linux', { MALLOC_ARENA_MAX: '1' }, argv)).toBeNull();
  });
  it("an owner's own setting wins, and Windows and macOS are left alone", () => {
    expect(arenaRelaunch('linux', { MALLOC_ARENA_MAX: '8' }, argv)).toBeNull();
    expect(arenaRelaunch('linux', { GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' }, argv)).toBeNull();
    expect(arenaRelaunch('win32', {}, argv)).toBeNull();
    expect(arenaRelaunch('darwin', {}, argv)).toBeNull();
  });
  it('an AppImage is started again from its image, not from its mount', () => {
    expect(arenaRelaunch('linux', { APPIMAGE: '/home/ana/Balcao.AppImage' }, argv)).toEqual({
      execPath: '/home/ana/Balcao.AppImage',
      args: ['--devtools'],
    });
  });
});
