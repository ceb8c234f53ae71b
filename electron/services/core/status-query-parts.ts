import type { ChargePsp } from '../charges/charge-service';
import { txidFor } from '../psp/api-pix/client';
import { err, ok, type Result } from '../../../shared/result';
import { hintedPix } from '../callbacks/hinted-pix';
import type { TransactionStatus } from '../psp/replies';
import { QueryBudget, RESERVE, StatusQueryGate } from '../psp/status-query-gate';
import type { SettingsService } from '../settings-service';
import type { PspSelection } from './psp-selection';

export interface StatusQueryPartsDeps {
  sel: PspSelection;
  settings: SettingsService;
  now: () => number;
}

/**
 * The status query, one budget whoever asks (docs/psp-compatibility.md, "Status query"), and
 * the PSP as the charge service sees it: the API Pix kind answers the status and the charge
 * itself (psp.kind, docs/api-pix.md), the family through its client.
 */
export function statusQueryParts(d: StatusQueryPartsDeps) {
  const { sel } = d;
  const statusPsp = () => (sel.kind === 'api-pix' ? sel.apiPix() : sel.psp());
  const budget = new QueryBudget(() => d.settings.get().psp.statusQuery.perMinute, d.now);
  const routineReserve = () => Math.max(1, Math.ceil(budget.limit() * RESERVE.routine));
  // The endToEndId a webhook named for a txid, until its status is next asked (bounded).
  const hinted = new Map<string, string>();
  const noteHintedPix = (raw: Record<string, unknown>) => {
    if (sel.kind !== 'api-pix') return;
    for (const { txid, e2eid } of hintedPix(raw)) {
      hinted.delete(txid);
      hinted.set(txid, e2eid);
      if (hinted.size > 500) hinted.delete(hinted.keys().next().value!);
    }
  };
  /**
   * `GET /pix/{e2eid}` of the PIX a webhook named: one call, and a PIX found is settled. Taken
   * only when it is a PIX to our txid and our key (when the bank says the key); its amount is
   * what was paid (the charge's decision compares it). `asked`: a call spent, nothing confirmed;
   * null: no PIX named. Either way the cob is asked.
   */
  const byHintedPix = async (txid: string): Promise<Result<TransactionStatus> | 'asked' | null> => {
    const e2eid = hinted.get(txid);
    if (!e2eid) return null;
    hinted.delete(txid);
    const c = sel.apiPix();
    const pix = await c.pixById(e2eid);
    if (!pix.ok || pix.value.txid !== txid) return 'asked';
    if (pix.value.chave !== undefined && pix.value.chave !== c.chave) return 'asked';
    return ok({ status: 'PAID', transactionId: txid, amountCents: pix.value.cents });
  };
  const gate = new StatusQueryGate({
    query: async (id) => {
      const read = sel.kind === 'api-pix' ? await byHintedPix(id) : null;
      if (read !== null && read !== 'asked') return read;
      // Not confirmed by the hint's PIX: the cob's read is one more call of the same budget.
      if (read === 'asked' && !budget.tryTake(routineReserve()))
        return err('rate_limited', 'STATUS_QUERY_BUDGET');
      const r = await statusPsp().transactionStatus(id);
      if (sel.kind !== 'api-pix' || !r.ok) return r;
      const removed = r.value.status === 'CANCELED';
      if (r.value.status !== 'PENDING' && !removed) return r;
      // A `GET /cob` that lags the payment (bacen/pix-api #321), or a cob removed while its PIX
      // was in transit (#324): the received-PIX list by txid says it, for one more slot of the
      // same budget. None free: a pending cob's word stands; a removal waits for the list, since
      // money received must never read "removida".
      if (!budget.tryTake(routineReserve()))
        return removed ? err('rate_limited', 'STATUS_QUERY_BUDGET', { retryAfterMs: 1_000 }) : r;
      const paid = await sel.apiPix().paidByList(id);
      if (paid.ok && paid.value > 0)
        return ok({ status: 'PAID', transactionId: id, amountCents: paid.value });
      return removed && !paid.ok ? paid : r;
    },
    budget,
    now: d.now,
  });
  const chargePsp = (): ChargePsp => {
    const c = sel.kind === 'api-pix' ? sel.apiPix() : sel.psp();
    return {
      hasStatusQuery: c.hasStatusQuery,
      createDeposit: (i) => c.createDeposit(i),
      createTransaction: (i) => c.createTransaction(i),
      // A caller may wait up to 15 s for a slot of the shared budget. The charge service asks
      // for a cashier waiting on an answer (uncertain create, "Verificar de novo"): first in line.
      transactionStatus: (id) => gate.ask(id, 15_000, 'doubt'),
      // The API Pix charge is our txid from the first byte sent (docs/api-pix.md).
      ...(sel.kind === 'api-pix' && { pspIdFor: txidFor }),
    };
  };
  return { budget, gate, statusPsp, chargePsp, noteHintedPix };
}
