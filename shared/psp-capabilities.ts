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
}

const ALL: PspCapabilities = {
  balance: true,
  cryptoFees: true,
  withdrawals: true,
  infractions: true,
};
const NONE: PspCapabilities = {
  balance: false,
  cryptoFees: false,
  withdrawals: false,
  infractions: false,
};

export const capabilitiesOf = (kind: PspKind): PspCapabilities =>
  kind === 'api-pix' ? { ...NONE } : { ...ALL };
