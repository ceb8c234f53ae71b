import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedDemo } from '../../electron/main/demo';
import { createAppCore, type AppCoreOptions } from '../../electron/services/app-core';
import type { AppCore } from '../../electron/services/core/app-core-types';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';
import type { EventChannel } from '../../shared/ipc-contract';
import type { ChargeView } from '../../shared/views';
import { DEMO_ACCOUNT } from './sandbox';

export const tempDir = (prefix = 'balcao-') => mkdtempSync(path.join(tmpdir(), prefix));

/** A terminal's services on a real SQLite file, talking to a PSP over real HTTP. */
export async function coreOn(
  baseUrl: string,
  opts: {
    statusQuery?: boolean;
    dataDir?: string;
    clock?: { offsetMs: number };
  } & Partial<AppCoreOptions> = {},
) {
  const clock = opts.clock ?? { offsetMs: 0 };
  const dataDir = opts.dataDir ?? tempDir();
  const logs: unknown[] = [];
  const core = await createAppCore({
    dataDir,
    secrets: new MemorySecretStore(),
    host: 'browser',
    version: 'test',
    now: () => Date.now() + clock.offsetMs,
    pspOverride: {
      baseUrl,
      credentials: { ...DEMO_ACCOUNT },
      statusQueryPath: opts.statusQuery === false ? '' : '/transactions/{id}',
    },
    tickMs: 3_600_000,
    pollMs: 3_600_000,
    resolveDelaysMs: [50, 100, 200],
    logSink: (l) => logs.push(JSON.parse(l)),
    ...opts,
  });
  const events: Array<{ event: EventChannel; payload: unknown }> = [];
  core.events.onAny((event, payload) => events.push({ event, payload }));
  return { core, dataDir, clock, logs, events };
}

/** A terminal on sandbox `sb` with a preset (the PSP profile of the dialect it speaks). */
export const presetTerminal = (
  sb: { baseUrl: string },
  pspPreset: NonNullable<AppCoreOptions['pspPreset']>,
  opts: Parameters<typeof coreOn>[1] = {},
) =>
  coreOn(sb.baseUrl, {
    pspPreset,
    pspOverride: { baseUrl: sb.baseUrl, credentials: { ...DEMO_ACCOUNT } },
    ...opts,
  });

/** A terminal in DEMO mode (the embedded demo PSP) on a real SQLite file in `dataDir`. */
export const demoCore = (dataDir: string) =>
  createAppCore({
    dataDir,
    secrets: new MemorySecretStore(),
    host: 'browser',
    version: 'test',
    startDemo: startEmbeddedDemo,
    pollMs: 3_600_000,
  });

export const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '(11) 91234-5678',
};

/** A charge of `amountCents` for `payer`, created by `core`: a refusal fails the test. */
export async function createdCharge(core: AppCore, amountCents: number): Promise<ChargeView> {
  const r = await core.charges.create({ amountCents, payer });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** Today as the terminal names a day (Histórico, Fechamento): local time, `YYYY-MM-DD`. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
