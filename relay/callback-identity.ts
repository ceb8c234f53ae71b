import { createHash } from 'node:crypto';

/**
 * The header the PSP family names its callback's event by (docs/psp-compatibility.md, A7: the
 * app's event id is this header, else the body's SHA-256). Node lower-cases header names.
 */
const EVENT_ID_HEADER = 'x-event-id';
/** A7's default id fields, as the app reads them (electron/services/callbacks/verify.ts). */
const ID_FIELDS = ['transactionId', 'transaction_id', 'external_id', 'externalId', 'id'];
const MAX_PART = 200;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) =>
  (typeof v === 'string' && v !== '' && v.length <= MAX_PART) || typeof v === 'number'
    ? String(v)
    : undefined;

/**
 * What makes a callback the same event when the PSP sends it again, whatever else changed (a
 * new timestamp, a new signature, a field such as the sending time in the body), in this order:
 * - the event id the PSP puts in `x-event-id` (A7);
 * - an API Pix body (`{"pix": [{endToEndId, devolucoes?}, …]}`, BCB's webhook): each Pix by
 *   its endToEndId, and each refund in it by its id and status (a refund's progress is a new
 *   callback about the same Pix);
 * - a JSON object with a transaction id (A7's id fields, top level then one down) and a
 *   `status`: that pair (the family reports a charge's status by callback, one per change);
 * - otherwise the body's bytes (SHA-256), as before.
 * **Assumption**: two different callbacks never share one of these (no PSP in
 * docs/psp-compatibility.md sends a second callback for the same status of one transaction).
 */
export function callbackIdentity(headers: Record<string, string>, body: Buffer): string {
  const eventId = text(headers[EVENT_ID_HEADER]?.trim());
  if (eventId) return `event:${eventId}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  return apiPix(parsed) ?? transaction(parsed) ?? `body:${sha256(body)}`;
}

/** The dedupe key's last segment: the identity hashed (any length, any bytes, one key). */
export const identityKey = (identity: string) => sha256(Buffer.from(identity));

function sha256(b: Buffer) {
  return createHash('sha256').update(b).digest('base64url');
}

function apiPix(parsed: unknown): string | undefined {
  const list = Array.isArray(parsed) ? parsed : isObj(parsed) ? parsed.pix : undefined;
  if (!Array.isArray(list) || !list.length) return undefined;
  const parts: string[] = [];
  for (const p of list) {
    const e2e = isObj(p) ? text(p.endToEndId) : undefined;
    if (!e2e) return undefined;
    const refunds: unknown[] = Array.isArray(p.devolucoes) ? p.devolucoes : [];
    const r = refunds.map((d) =>
      isObj(d) ? `${text(d.id) ?? '?'}=${text(d.status) ?? '?'}` : '?',
    );
    parts.push([e2e, ...r.sort()].join(','));
  }
  return `pix:${parts.sort().join(';')}`;
}

function transaction(parsed: unknown): string | undefined {
  if (!isObj(parsed)) return undefined;
  const levels = [parsed, ...Object.values(parsed).filter(isObj)];
  const first = (keys: string[]) => {
    for (const level of levels)
      for (const k of keys) {
        const v = text(level[k]);
        if (v) return v;
      }
    return undefined;
  };
  const id = first(ID_FIELDS);
  const status = first(['status']);
  return id && status ? `tx:${JSON.stringify([id, status])}` : undefined;
}
