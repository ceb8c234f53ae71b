import { afterAll, afterEach, beforeAll } from 'vitest';
import type { PspPresetId } from '../../shared/psp-presets';
import { coreOn, presetTerminal } from './core';
import { rawApi, sandbox, type TestSandbox } from './sandbox';
import { stopAll } from './stop-all';

export type Terminal = Awaited<ReturnType<typeof coreOn>>;

/** One sandbox PSP for the whole file: started before its tests, closed after them. */
export function sandboxForFile(options: Parameters<typeof sandbox>[0] = {}): { sb: TestSandbox } {
  const env = {} as { sb: TestSandbox };
  beforeAll(async () => {
    env.sb = await sandbox(options);
  });
  afterAll(() => env.sb?.close());
  return env;
}

/**
 * One sandbox PSP for the whole file, called raw (`env.api`, for testing the sandbox itself),
 * with a Bearer token already taken (`env.bearer`, the headers that carry it).
 */
export function sandboxApiForFile(options: Parameters<typeof sandbox>[0] = {}): {
  sb: TestSandbox;
  api: ReturnType<typeof rawApi>;
  bearer: Record<string, string>;
} {
  const env = sandboxForFile(options) as ReturnType<typeof sandboxApiForFile>;
  beforeAll(async () => {
    env.api = rawApi(env.sb.baseUrl);
    env.bearer = { authorization: `Bearer ${await env.api.token()}` };
  });
  return env;
}

/**
 * A sandbox PSP and one terminal on it (`coreOn`) for the whole file: `env.sb` is the sandbox,
 * the rest of `env` is the terminal (`env.core`, `env.logs`, …). Both are started before the
 * file's tests (a later `beforeAll` sees them) and stopped after them.
 */
export function terminalForFile(
  options: Parameters<typeof coreOn>[1] = {},
): Terminal & { sb: TestSandbox } {
  const env = {} as Terminal & { sb: TestSandbox };
  beforeAll(async () => {
    env.sb = await sandbox();
    Object.assign(env, await coreOn(env.sb.baseUrl, options));
  });
  afterAll(async () => {
    await env.core?.stop();
    await env.sb?.close();
  });
  return env;
}

/**
 * For files whose tests each want their own PSP: `await env.open('cics-pt')` starts a sandbox
 * speaking that dialect and a terminal with the matching preset (also left in `env.sb`, `env.t`
 * for the file's helpers); all a test opened is stopped after it, the terminal first.
 */
export function presetTerminalPerTest() {
  const started: Array<{ close(): unknown } | { stop(): unknown }> = [];
  const env = {} as { sb: TestSandbox; t: Terminal };
  const open = async (dialect: PspPresetId, options: Parameters<typeof coreOn>[1] = {}) => {
    env.sb = await sandbox({ dialect });
    started.push(env.sb);
    env.t = await presetTerminal(env.sb, dialect, options);
    started.push(env.t.core);
    return { sb: env.sb, t: env.t };
  };
  afterEach(() => stopAll(...started.splice(0).reverse()));
  return Object.assign(env, { open });
}
