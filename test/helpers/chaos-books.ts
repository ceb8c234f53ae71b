import { parseBrCode, verifyBrCode } from '../../shared/domain/brcode';
import { receiverOf, sameReceiver } from '../../shared/domain/receiver-pin';
import { MERCHANT } from '../../sandbox/routes/charges';

/** A charge as the PSP holds it (the sandbox's control API). */
export interface PspCharge {
  id: string;
  externalId: string;
  status: string;
  amount: number;
}

/** A charge as the app shows it (its view, over IPC or from the core). */
export interface AppCharge {
  externalId: string;
  status: string;
  amountCents: number;
  brcode?: string | undefined;
  flags: string[];
}

/** PSP-paid charges the app does not show `Pago` (nor flagged late). */
export function paidNotShown(psp: PspCharge[], local: AppCharge[]) {
  const byId = new Map(local.map((c) => [c.externalId, c]));
  return psp.filter((p) => {
    const c = byId.get(p.externalId);
    return p.status === 'PAID' && c?.status !== 'PAID' && !c?.flags.includes('LATE_PAYMENT');
  });
}

/** In doubt: its create's answer unknown (UNCERTAIN), or sent and never resumed (SUBMITTING). */
const DOUBT = ['UNCERTAIN', 'SUBMITTING'];

/** Recovered: every PSP-paid charge shown paid, and no sale left in doubt. */
export const settledBooks = (psp: PspCharge[], local: AppCharge[]) =>
  paidNotShown(psp, local).length === 0 && !local.some((c) => DOUBT.includes(c.status));

/**
 * The chaos run's invariants (issue 21, item 6): no sale charged twice; every PSP-paid charge
 * `Pago` or flagged late; nothing left uncertain; every QR's amount and receiver right; the
 * closing equal to the PSP's paid sum.
 */
export function checkBooks(psp: PspCharge[], local: AppCharge[]) {
  const violations: string[] = [];
  const seen = new Map<string, number>();
  for (const p of psp) seen.set(p.externalId, (seen.get(p.externalId) ?? 0) + 1);
  for (const [id, n] of seen) if (n > 1) violations.push(`charged twice: ${id}`);
  for (const p of paidNotShown(psp, local)) {
    const c = local.find((x) => x.externalId === p.externalId);
    violations.push(`paid at the PSP, ${c?.status ?? 'absent'} here: ${p.externalId}`);
  }
  for (const c of local) {
    if (DOUBT.includes(c.status))
      violations.push(`left ${c.status.toLowerCase()}: ${c.externalId}`);
    if (!c.brcode) continue;
    const v = verifyBrCode(c.brcode, c.amountCents);
    const info = parseBrCode(c.brcode);
    if (!v.ok || v.value.amountCents !== c.amountCents)
      violations.push(`QR amount wrong: ${c.externalId}`);
    if (
      !info.ok ||
      !sameReceiver(receiverOf(info.value), {
        key: MERCHANT.key,
        merchantName: MERCHANT.name,
        merchantCity: MERCHANT.city,
      })
    )
      violations.push(`QR receiver wrong: ${c.externalId}`);
  }
  const pspPaid = psp.filter((p) => p.status === 'PAID');
  const pspSum = pspPaid.reduce((s, p) => s + Math.round(p.amount * 100), 0);
  const paidHere = local.filter((c) => c.status === 'PAID');
  const hereSum = paidHere.reduce((s, c) => s + c.amountCents, 0);
  if (pspSum !== hereSum) violations.push(`closing ${hereSum} here vs ${pspSum} at the PSP`);
  return {
    paidAtPsp: pspPaid.length,
    paidHere: paidHere.length,
    late: local.filter((c) => c.flags.includes('LATE_PAYMENT')).length,
    uncertainLeft: local.filter((c) => DOUBT.includes(c.status)).length,
    violations,
  };
}

/** The sandbox's callback log (its control API). */
export type CallbackLog = Array<{
  body: string;
  delivered: boolean;
  attempts: Array<{ at: string; status?: number; error?: string }>;
}>;

/** For each charge: the PSP's callback attempts for it, each as its time and status or error. */
export const callbackTrails = (charges: PspCharge[], log: CallbackLog) =>
  charges.map(
    (p) =>
      `${p.externalId}: ${log
        .filter((c) => c.body.includes(p.id) || c.body.includes(p.externalId))
        .map((c) =>
          c.attempts.map((a) => `${a.at.slice(11, 23)} ${a.status ?? a.error}`).join(', '),
        )
        .join(' | ')}`,
  );
