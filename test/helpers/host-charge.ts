import type { ChargeView } from '../../shared/views';
import { payer } from './core';
import type { Host } from './devhost';

/** A charge made through the development host's contract, as the Caixa makes it; a refusal fails the test. */
export async function hostCharge(
  host: Host,
  amountCents: number,
  description?: string,
): Promise<ChargeView> {
  const r = await host.call<ChargeView>('charges:create', {
    amountCents,
    ...(description !== undefined && { description }),
    payer,
  });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}
