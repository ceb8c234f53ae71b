import { pspPresetSettings } from '../../../shared/psp-presets';
import { notOfferedPsp } from '../psp/not-offered';
import { PspHealth } from '../psp-health';
import { CredentialsService } from '../secrets/credentials-service';
import { SettingsService } from '../settings-service';
import type { AppCoreOptions } from './app-core-types';
import type { Foundation } from './foundation';
import { PspSelection } from './psp-selection';
import { statusQueryParts } from './status-query-parts';

/**
 * Which PSP, and how it is reached: settings and credentials (each change rebuilds the client
 * at its next use), the PSP's health as its answers show it, the selection (DEMO, the shop's
 * PSP, an override) and the status query's shared budget.
 */
export async function pspParts(f: Foundation, o: AppCoreOptions) {
  const { now, ledger, logger, redactor } = f;
  // Late binding, named: settings and credentials exist before the selection they invalidate
  // (the selection reads both when it opens).
  let selection: PspSelection | null = null;
  const invalidate = () => selection?.invalidate();
  const settings = new SettingsService(ledger.kv, invalidate);
  const credentials = new CredentialsService(o.secrets, redactor, invalidate, {
    now,
    previousSecretMs: () => settings.get().psp.callback.previousSecretHours * 3_600_000,
  });
  if (o.pspPreset) {
    const r = settings.update({ psp: pspPresetSettings(o.pspPreset) });
    if (!r.ok) throw new Error(`preset ${o.pspPreset}: ${r.message}`);
  }
  const pspHealth = new PspHealth({
    fetch: globalThis.fetch,
    now,
    baseUrl: () => selection?.baseUrl() ?? '',
    // The API Pix is reached over mutual TLS only: its probe presents the shop's certificate.
    probe: () => (selection?.kind === 'api-pix' ? selection.apiPix().reach() : null),
  });
  const sel = await PspSelection.open({
    fetch: pspHealth.fetch,
    observe: (f) => pspHealth.observe(f),
    ...(o.apiPixTrust && { apiPixTrust: o.apiPixTrust }),
    dataDir: o.dataDir,
    kv: ledger.kv,
    settings,
    credentials,
    now,
    logger,
    redactor,
    ...(o.startDemo && { startDemo: o.startDemo }),
    ...(o.pspOverride && { override: o.pspOverride }),
  });
  selection = sel;
  // An explicit --status-query wins over the preset's.
  if (o.pspPreset && o.pspOverride?.statusQueryPath !== undefined)
    settings.update({ psp: { statusQueryPath: o.pspOverride.statusQueryPath } });
  const psp = () => sel.psp();
  // Balance, fees, withdrawals and MED: the family's routes; a kind without them refuses in code.
  const ownerPsp = () => (sel.kind === 'api-pix' ? notOfferedPsp : psp());
  const query = statusQueryParts({ sel, settings, now });
  return { settings, credentials, pspHealth, sel, psp, ownerPsp, ...query };
}

export type PspParts = Awaited<ReturnType<typeof pspParts>>;
