import type { CallbackBody } from '../callbacks/verify';
import { toChargeView } from '../charges/charge-view';
import type { AppEvents } from '../events';
import type { Ledger } from '../ledger/ledger';
import type { ChargeRecord } from '../ledger/charges-repo';

/** What a MED callback (`event: "INFRACTION"`) tells the shop. */
export interface InfractionNews {
  infractionId: string;
  status: string;
  /** When the defense is due (ms since the epoch). */
  deadline: number;
  /** The ids of the charge it concerns (PSP id, end-to-end id, ours). */
  transactionIds: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) =>
  (typeof v === 'string' && v !== '') || typeof v === 'number' ? String(v) : undefined;
const time = (v: unknown) => {
  const t = typeof v === 'string' || typeof v === 'number' ? new Date(v).getTime() : NaN;
  return Number.isFinite(t) ? t : undefined;
};

/**
 * Reads `{event, infraction: {id, status, createdAt, ...}, transaction: {transactionId,
 * endToEndId, ...}}`. The deadline is the PSP's own (`deadline`, `dueDate`, `defenseDeadline`)
 * when given, else the infraction's creation plus `psp.defense.deadlineDays`.
 */
export function readInfractionNews(
  raw: Obj,
  deadlineDays: number,
  now: number,
): InfractionNews | null {
  const inf = isObj(raw.infraction) ? raw.infraction : undefined;
  const infractionId = inf && text(inf.id ?? inf.infractionId);
  if (!inf || !infractionId) return null;
  const tx = isObj(raw.transaction) ? raw.transaction : {};
  const given = time(inf.deadline ?? inf.dueDate ?? inf.defenseDeadline);
  const created = time(inf.createdAt) ?? now;
  return {
    infractionId,
    status: text(inf.status) ?? 'WAITING_PSP',
    deadline: given ?? created + deadlineDays * 86_400_000,
    transactionIds: [
      tx.transactionId,
      tx.transaction_id,
      tx.externalId,
      tx.external_id,
      tx.endToEndId,
      inf.transactionId,
      inf.endToEndId,
    ]
      .map(text)
      .filter((v): v is string => v !== undefined),
  };
}

/** The charge an infraction names, flagged `MED_INFRACTION` with a history line (Histórico). */
export function markInfractionOnCharge(
  ledger: Ledger,
  news: InfractionNews,
  at: number,
): ChargeRecord | undefined {
  const c = ledger.charges.findByAnyId(news.transactionIds);
  if (!c) return undefined;
  if (!c.flags.includes('MED_INFRACTION')) c.flags.push('MED_INFRACTION');
  c.updatedAt = at;
  ledger.charges.save(c, {
    from: c.status,
    to: c.status,
    source: 'med',
    detail: `infraction ${news.infractionId} ${news.status}`,
    at,
  });
  return c;
}

/**
 * The intake's MED hook: the charge the infraction names is marked (Histórico shows it), the
 * infraction list is told to refresh, and the owner gets a notice.
 */
export function infractionCallbackHandler(o: {
  ledger: Ledger;
  events: AppEvents;
  deadlineDays: () => number;
  now: () => number;
}): (body: CallbackBody) => void {
  return (body) => {
    const news = readInfractionNews(body.raw, o.deadlineDays(), o.now());
    if (!news) return;
    const marked = markInfractionOnCharge(o.ledger, news, o.now());
    if (marked) o.events.emit('charges:updated', toChargeView(marked));
    o.events.emit('infractions:changed', {
      infractionId: news.infractionId,
      status: news.status,
      deadline: news.deadline,
    });
    o.events.emit('app:notice', {
      level: 'warn',
      code: 'MED_INFRACTION',
      params: { id: news.infractionId },
    });
  };
}
