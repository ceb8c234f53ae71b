import { afterAll, beforeAll } from 'vitest';
import { txidFor } from '../../electron/services/psp/api-pix/client';
import { apiPixSandbox } from './api-pix';
import { apiPixTerminal } from './api-pix-terminal';
import { payer } from './core';

export type ApiPixSandbox = Awaited<ReturnType<typeof apiPixSandbox>>;
export type ApiPixTerminal = Awaited<ReturnType<typeof apiPixTerminal>>;

/** One API Pix sandbox for the tests of a file (or `describe`): started before, closed after. */
export function apiPixSandboxForFile(options: Parameters<typeof apiPixSandbox>[0] = {}): {
  sb: ApiPixSandbox;
} {
  const env = {} as { sb: ApiPixSandbox };
  beforeAll(async () => {
    env.sb = await apiPixSandbox(options);
  });
  afterAll(() => env.sb?.close());
  return env;
}

/**
 * A test body run on a fresh API Pix terminal on `env.sb`; pass or fail, the terminal is stopped
 * and the sandbox's faults cleared after it, so that the next test starts clean.
 */
export const onApiPixTerminal =
  <A extends unknown[]>(
    env: { sb: ApiPixSandbox },
    test: (t: ApiPixTerminal, ...args: A) => Promise<void>,
  ) =>
  async (...args: A): Promise<void> => {
    const t = await apiPixTerminal(env.sb);
    try {
      await test(t, ...args);
    } finally {
      await env.sb.control('PUT', '/faults', {});
      await t.core.stop();
    }
  };

/** A charge of `cents` created on `t` (or the test fails), with the txid the PSP knows it by. */
export async function apiPixCharge(t: ApiPixTerminal, cents: number) {
  const c = await t.core.charges.create({ amountCents: cents, payer });
  if (!c.ok) throw new Error(JSON.stringify(c));
  return { ...c.value, txid: txidFor(c.value.externalId) };
}
