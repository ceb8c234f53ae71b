import { err, ok, type Result } from '../result';

/**
 * What this computer is in the shop (issue 36, Deliver 3): a counter (`Caixa`, the default, as
 * every Balcão was before), or the owner's PC that only watches the shop (`Só proprietário`):
 * no Caixa on its menu, and no path that charges money in (the Caixa's, the PDV's local API, TEF
 * Dial, `balcao://` links) is taken there. Switching back to `counter` restores them all.
 */
export const STATIONS = ['counter', 'owner-only'] as const;
export type Station = (typeof STATIONS)[number];
export const DEFAULT_STATION: Station = 'counter';

export const isOwnerOnly = (s: { station: Station }) => s.station === 'owner-only';

/** The refusal every charging path gives on an owner-only computer, before anything is recorded. */
export function mayCharge(s: { station: Station }): Result<void> {
  return isOwnerOnly(s) ? err('conflict', 'OWNER_ONLY_NO_CHARGE') : ok(undefined);
}
