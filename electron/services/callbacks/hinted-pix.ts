/**
 * The PIX an API Pix webhook names (`{pix: [{endToEndId, txid, …}]}`, read by api-pix-body.ts):
 * txid → endToEndId. Only the pairs are taken, never the amount: the hint is resolved by the
 * bank's own `GET /pix/{e2eid}` (status-query-parts.ts), whose answer is checked.
 */
export function hintedPix(raw: Record<string, unknown>): Array<{ txid: string; e2eid: string }> {
  const list = Array.isArray(raw.pix) ? (raw.pix as unknown[]) : [];
  const out: Array<{ txid: string; e2eid: string }> = [];
  for (const p of list) {
    const { txid, endToEndId } = (p ?? {}) as { txid?: unknown; endToEndId?: unknown };
    // [spec] EndToEndId: 32 characters [a-zA-Z0-9]; TxId: 26–35.
    if (typeof txid !== 'string' || !/^[a-zA-Z0-9]{26,35}$/.test(txid)) continue;
    if (typeof endToEndId !== 'string' || !/^[a-zA-Z0-9]{32}$/.test(endToEndId)) continue;
    out.push({ txid, e2eid: endToEndId });
  }
  return out;
}
