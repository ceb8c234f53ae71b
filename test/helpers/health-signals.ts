import type { HealthSignals } from '../../shared/domain/health';

/**
 * Saúde's signals when all is well: the relay heard from `ageMs` before `now`, the PSP, its
 * status query, the keychain and the printer answering, no clock skew, nothing waiting, the
 * receiver pinned as `pinned`.
 */
export const allWell = (
  now: number,
  ageMs: number,
  pinned: { name: string; key: string },
): HealthSignals => ({
  now,
  relay: { configured: true, state: 'connected', lastEventAt: now - ageMs },
  psp: { reachable: 'reachable', auth: 'ok' },
  statusQuery: { configured: true, result: 'ok' },
  keychain: true,
  printer: { kind: 'escpos', reachable: true },
  clockSkewMs: 0,
  toleranceSeconds: 300,
  waiting: 0,
  receiver: { pinned: { ...pinned, confirmed: true } },
});
