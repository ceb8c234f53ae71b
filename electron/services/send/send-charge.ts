import { sendLink, type SendLink, type SendVia } from '../../../shared/domain/send-charge';
import { err, type Result } from '../../../shared/result';
import type { ChargeView } from '../../../shared/views';

export interface SendChargeDeps {
  charge(id: string): Result<ChargeView>;
  shopName(): string;
}

/**
 * Enviar cobrança: the link for a charge still waiting for its payer. The message carries the
 * ledger's verified code only (a view has `brcode` once it passed verification), so a charge
 * whose code was refused, or that already ended, is never sent.
 */
export function chargeSendLink(
  d: SendChargeDeps,
  input: { id: string; via: SendVia; to?: string | undefined },
): Result<SendLink> {
  const r = d.charge(input.id);
  if (!r.ok) return r;
  const c = r.value;
  if (c.status !== 'PENDING' || c.expiresAt <= Date.now()) return err('conflict', 'SEND_NOT_OPEN');
  return sendLink(
    {
      shopName: d.shopName(),
      amountCents: c.amountCents,
      description: c.description,
      brcode: c.brcode,
      expiresAt: c.expiresAt,
      ...(c.dueTerms && { dueTerms: c.dueTerms }),
    },
    input.via,
    input.to,
  );
}
