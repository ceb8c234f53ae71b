/**
 * glibc's malloc gives a thread that finds the arenas busy an arena of its own, up to 8 per CPU
 * on 64-bit systems, and keeps them. V8's parallel garbage-collection threads grow several during a
 * burst of charges: the development host kept +46.6 MiB after 10,000 charges left open, +8.6
 * with MALLOC_ARENA_MAX=2 and +2.6 with 1 (`npm run bench -- host`, README "Memory that stays
 * flat"). One arena: the threads that allocate share its lock; V8's heap has its own.
 * glibc reads the variable once, before the first allocation, so it must be in the environment
 * the process starts with: the development host's launchers set it, and the Electron app on
 * Linux starts itself again once with it (Windows and macOS have other allocators). Assumed,
 * not tried here (no Electron binary): that Electron's main process allocates through glibc's
 * malloc, and that `app.relaunch` hands the new process this one's environment.
 * Sources: the default limit is 8 × CPUs on 64-bit (glibc's NARENAS_FROM_NCORES, confirmed by its
 * maintainer: https://sourceware.org/legacy-ml/libc-alpha/2016-10/msg00297.html; a 2026 patch
 * lowers it to max(8, CPUs) for the same waste: libc-alpha 2026-June/177827); mallopt(3),
 * M_ARENA_MAX, settable as the MALLOC_ARENA_MAX environment variable.
 */
export const ARENA_LIMIT = { MALLOC_ARENA_MAX: '1' } as const;

/**
 * How to start this app again with ARENA_LIMIT, or null when it need not (not Linux, or the
 * variable or glibc's tunables already set: the second start, or an owner's own choice). An
 * AppImage runs from a mount that goes away when this process exits: start the image again.
 */
export function arenaRelaunch(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
): { execPath?: string; args: string[] } | null {
  if (platform !== 'linux' || env.MALLOC_ARENA_MAX !== undefined || env.GLIBC_TUNABLES) return null;
  const args = argv.slice(1);
  return env.APPIMAGE ? { execPath: env.APPIMAGE, args } : { args };
}
