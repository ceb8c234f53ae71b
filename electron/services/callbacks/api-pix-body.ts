import { ok, type Result } from '../../../shared/result';
import type { ParsedJson } from './received';
import type { CallbackBody } from './verify';

/**
 * The API Pix webhook body (docs/api-pix.md, Webhook): `{"pix": [{endToEndId, txid, valor,
 * horario}, …]}`, or Inter's bare array of the same. Read only for the txids it names: under
 * `confirm-by-query` it is a hint, and the status query (`GET /cob/{txid}`) says what happened
 * (mutual TLS ends at the shop's proxy, so the app cannot know who sent it). Null: not this shape.
 */
export function readApiPixBody(json: ParsedJson): Result<CallbackBody> | null {
  if (!json.ok) return null;
  const parsed = json.value;
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { pix?: unknown }).pix)
      ? (parsed as { pix: unknown[] }).pix
      : null;
  if (!list || list.length === 0) return null;
  const items = list.filter(
    (p): p is Record<string, unknown> =>
      !!p &&
      typeof p === 'object' &&
      typeof (p as { endToEndId?: unknown }).endToEndId === 'string',
  );
  if (items.length !== list.length) return null;
  const ids = [
    ...new Set(items.map((p) => p.txid).filter((t): t is string => typeof t === 'string' && !!t)),
  ];
  return ok({ ids, raw: { pix: items }, ...(ids[0] && { transactionId: ids[0] }) });
}
