import { parseWireAmount } from '../../../shared/domain/money';
import { formatMoney } from '../../i18n/money';
import { DATE_TIME_PARTS } from '../../i18n/dates';

/** MED: a shop has 7 calendar days from the infraction's creation to answer it. */
export const MED_DAYS = 7;
const DAY_MS = 86_400_000;

const first = (f: Record<string, unknown>, keys: string[]): unknown => {
  for (const k of keys) {
    const path = k.split('.');
    let v: unknown = f;
    for (const p of path)
      v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
};

const asDate = (v: unknown): Date | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

export const STATUS_WORDS: Record<string, string> = {
  WAITING_PSP: 'waiting',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  CANCELLED: 'canceled',
  CANCELED: 'canceled',
};

/** The keys the table shows in its own columns (the detail shows every other one). */
const DATE_KEYS = ['createdAt', 'created_at', 'date', 'reportedAt'];
const AMOUNT_KEYS = ['amount', 'value', 'valor', 'transaction.value'];
const REASON_KEYS = ['reason', 'type', 'motivo', 'reportDetails'];
const TX_KEYS = ['transactionId', 'transaction_id', 'transaction.transactionId', 'endToEndId'];
const DEADLINE_KEYS = ['deadline', 'dueDate', 'due_date', 'defenseDeadline', 'expiresAt', 'prazo'];

export interface InfractionRow {
  createdAt?: Date;
  amountCents?: number;
  reason?: string;
  transaction?: string;
  /** The status as a word key (`infractions.status.*`), or the PSP's own word when unknown. */
  statusKey?: string;
  statusRaw: string;
  deadline?: { at: Date; daysLeft: number; estimated: boolean };
}

/** An infraction as the table reads it; the deadline only for one waiting on the shop. */
export function infractionRow(
  status: string,
  fields: Record<string, unknown>,
  now: number,
): InfractionRow {
  const createdAt = asDate(first(fields, DATE_KEYS));
  const amount = parseWireAmount(first(fields, AMOUNT_KEYS));
  const reason = first(fields, REASON_KEYS);
  const tx = first(fields, TX_KEYS);
  const row: InfractionRow = {
    statusRaw: status,
    ...(createdAt && { createdAt }),
    ...(amount.ok && { amountCents: amount.value }),
    ...(typeof reason === 'string' && { reason }),
    ...((typeof tx === 'string' || typeof tx === 'number') && { transaction: String(tx) }),
    ...(STATUS_WORDS[status.toUpperCase()] && { statusKey: STATUS_WORDS[status.toUpperCase()] }),
  };
  if (status.toUpperCase() === 'WAITING_PSP') {
    const given = asDate(first(fields, DEADLINE_KEYS));
    const at = given ?? (createdAt && new Date(createdAt.getTime() + MED_DAYS * DAY_MS));
    if (at)
      row.deadline = { at, daysLeft: Math.ceil((at.getTime() - now) / DAY_MS), estimated: !given };
  }
  return row;
}

/** Known field names → label keys (`infractions.field.*`); others are spelled out from the key. */
const FIELD_LABELS: Record<string, string> = {
  createdAt: 'createdAt',
  created_at: 'createdAt',
  updatedAt: 'updatedAt',
  amount: 'amount',
  value: 'amount',
  reason: 'reason',
  type: 'type',
  transactionId: 'transaction',
  transaction_id: 'transaction',
  endToEndId: 'endToEnd',
  externalId: 'externalId',
  reportedBy: 'reportedBy',
  reportDetails: 'reportDetails',
  analysisResult: 'analysisResult',
  source: 'source',
  currency: 'currency',
  deadline: 'deadline',
  status: 'status',
};

/** `someFieldName` / `some_field_name` → `Some field name`. */
export const spellKey = (k: string) => {
  const words = k
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const MONEY_KEY = /^(amount|value|valor|fee)$/i;

/** Every field of the record for the detail view: a label key or spelled-out key, and a value. */
export function detailFields(
  fields: Record<string, unknown>,
  locale: string,
  prefix = '',
): Array<{ labelKey?: string; label: string; value: string }> {
  const out: Array<{ labelKey?: string; label: string; value: string }> = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined || v === '' || k === 'defense' || k === 'defenseResponses')
      continue;
    const label = prefix ? `${prefix} · ${spellKey(k)}` : spellKey(k);
    const labelKey = prefix ? undefined : FIELD_LABELS[k];
    if (Array.isArray(v)) {
      out.push({ ...(labelKey && { labelKey }), label, value: v.map(String).join(', ') });
    } else if (typeof v === 'object') {
      out.push(...detailFields(v as Record<string, unknown>, locale, label));
    } else {
      out.push({ ...(labelKey && { labelKey }), label, value: formatValue(k, v, locale) });
    }
  }
  return out;
}

function formatValue(key: string, v: unknown, locale: string): string {
  if (MONEY_KEY.test(key)) {
    const cents = parseWireAmount(v);
    if (cents.ok) return formatMoney(cents.value);
  }
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d.toLocaleString(locale, DATE_TIME_PARTS);
  }
  return String(v);
}

/** A defense the PSP returns with the record (A5 stance, justification, proofs), if any. */
export function pspDefense(
  fields: Record<string, unknown>,
): { analise: string; justificativa: string; proofs: string[] } | undefined {
  const d = (fields.defense ??
    (Array.isArray(fields.defenseResponses) ? fields.defenseResponses[0] : undefined)) as
    Record<string, unknown> | undefined;
  if (!d || typeof d !== 'object') return undefined;
  return {
    analise: String(d.analise ?? ''),
    justificativa: String(d.justificativa ?? ''),
    proofs: Array.isArray(d.proofs) ? d.proofs.map(String) : [],
  };
}

/** A5 stance → word key (`infractions.stance.*`). */
export const stanceKey = (analise: string) =>
  /^(DISAGREED|rejeitado)$/i.test(analise)
    ? 'contest'
    : /^(AGREED|aceito)$/i.test(analise)
      ? 'accept'
      : undefined;
