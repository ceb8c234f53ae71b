import type { PspKind } from './psp-settings';

/**
 * What a kind of PSP offers beyond the charge (docs/design.md: screens ask the capabilities,
 * never the kind). The standard API Pix has no balance, crypto-fee, withdrawal or MED route
 * (docs/api-pix.md, "What the standard does not have"), so those screens say "not offered by
 * this PSP" instead of calling a route that does not exist.
 */
export interface PspCapabilities {
  balance: boolean;
  cryptoFees: boolean;
  withdrawals: boolean;
  infractions: boolean;
  /**
   * `Com vencimento`: a charge with a due date, fine, interest and discount — the API Pix `cobv`
   * (docs/remote-charges.md). The family's API has no such charge, so the Caixa does not offer it.
   */
  dueDateCharges: boolean;
}

/** The capabilities that are whole screens (the owner's menu), not choices within one. */
export type ScreenCapability = Exclude<keyof PspCapabilities, 'dueDateCharges'>;

/** The PSP family: the owner's money screens; charges at the counter only. */
const FAMILY: PspCapabilities = {
  balance: true,
  cryptoFees: true,
  withdrawals: true,
  infractions: true,
  dueDateCharges: false,
};
/** The standard API Pix: no money screens; `cobv` for a payer not at the counter. */
const API_PIX: PspCapabilities = {
  balance: false,
  cryptoFees: false,
  withdrawals: false,
  infractions: false,
  dueDateCharges: true,
};

export const capabilitiesOf = (kind: PspKind): PspCapabilities =>
  kind === 'api-pix' ? { ...API_PIX } : { ...FAMILY };
