import { err, ok, type Result } from '../result';

/**
 * How long a charge for a payer who is not at the counter may live, per kind of PSP
 * (docs/remote-charges.md has the sources):
 * - the seed's family: no request field sets a charge's validity (seed, operations 2 and 7; the
 *   presets' public material neither), so a charge lives as the PSP decides — this PSP only
 *   charges at the counter;
 * - the API Pix `cob`: `calendario.expiracao`, seconds from creation, int32, no maximum in the
 *   specification; Balcão caps it at 30 days (our choice: tracking cost, below).
 */
export const VALIDITY_HOURS_MAX = 30 * 24;
/** What the Caixa offers besides the counter's own expiry. */
export const VALIDITY_CHOICES_HOURS = [24, 72, 168] as const;

export type ValidityKind = 'family' | 'api-pix';

/** The charge's life in ms when `hours` is allowed for this kind of PSP, else why not (a code). */
export function checkValidity(hours: number, kind: ValidityKind): Result<number> {
  if (kind === 'family') return err('validation', 'VALIDITY_COUNTER_ONLY', { field: 'validity' });
  if (!Number.isInteger(hours) || hours < 1 || hours > VALIDITY_HOURS_MAX)
    return err('validation', 'VALIDITY_TOO_LONG', {
      field: 'validity',
      params: { max: VALIDITY_HOURS_MAX / 24 },
    });
  return ok(hours * 3_600_000);
}
