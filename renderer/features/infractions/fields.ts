import { formatBRL, parseWireAmount } from '../../../shared/domain/money';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MONEY_KEY = /^(amount|value|valor)$/i;

/**
 * An infraction's other fields (A4: shown by key, whatever the PSP sends) as the owner reads
 * them: amounts in reais, dates in local pt-BR time, nested objects flattened to `a.b: c`.
 */
export function infractionFields(fields: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    const key = prefix + k;
    if (v === null || v === undefined || v === '') continue;
    if (Array.isArray(v)) out.push(`${key}: ${v.map((x) => String(x)).join(', ')}`);
    else if (typeof v === 'object')
      out.push(...infractionFields(v as Record<string, unknown>, `${key}.`));
    else out.push(`${key}: ${formatValue(k, v)}`);
  }
  return out;
}

function formatValue(key: string, v: unknown): string {
  if (MONEY_KEY.test(key)) {
    const cents = parseWireAmount(v);
    if (cents.ok) return formatBRL(cents.value);
  }
  if (typeof v === 'string' && ISO_DATE.test(v)) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d.toLocaleString('pt-BR');
  }
  return String(v);
}
