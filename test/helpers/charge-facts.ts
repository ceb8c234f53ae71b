import { buildBrCode } from '../../shared/domain/brcode';
import type { ChargeFacts } from '../../shared/domain/charge-lifecycle';

/** The charge the lifecycle tests decide on: R$ 22,22, with a verified QR for it and one for another amount. */
export const AMOUNT = 2222;

export const qrFor = (cents: number): string => {
  const r = buildBrCode({
    key: 'loja@x.com.br',
    merchantName: 'Loja',
    merchantCity: 'SP',
    amountCents: cents,
  });
  if (!r.ok) throw new Error(r.code);
  return r.value;
};
export const GOOD_QR = qrFor(AMOUNT);
export const OTHER_QR = qrFor(3333);

export const chargeFacts = (over: Partial<ChargeFacts> = {}): ChargeFacts => ({
  status: 'DRAFT',
  amountCents: AMOUNT,
  expiresAt: 1_000,
  attempts: 0,
  flags: [],
  deferred: [],
  payer: { name: 'Ana' },
  ...over,
});
