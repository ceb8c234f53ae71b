import { checkCobv, parsePercent, type CobvTerms } from '../../../shared/domain/cobv';
import { parseMoney } from '../../../shared/domain/money';
import type { CobvDraft, CobvErrors } from './cobv-draft';

export { EMPTY_COBV, type CobvDraft, type CobvErrors } from './cobv-draft';

type Field = keyof CobvDraft;

/** The form's rows, one per field: its id, label key, input kind and the rule's field name. */
export const COBV_FIELDS: ReadonlyArray<{
  id: Field;
  label: string;
  type: 'date' | 'text';
  inputMode?: 'numeric' | 'decimal';
  /** The field of shared/domain/cobv.ts's checkCobv an error names. */
  rule: string;
}> = [
  { id: 'dueDate', label: 'cashier.cobvDueDate', type: 'date', rule: 'dueDate' },
  {
    id: 'daysAfterDue',
    label: 'cashier.cobvDaysAfter',
    type: 'text',
    inputMode: 'numeric',
    rule: 'daysAfterDue',
  },
  { id: 'fine', label: 'cashier.cobvFine', type: 'text', inputMode: 'decimal', rule: 'finePct' },
  {
    id: 'interest',
    label: 'cashier.cobvInterest',
    type: 'text',
    inputMode: 'decimal',
    rule: 'interestPctMonth',
  },
  {
    id: 'discount',
    label: 'cashier.cobvDiscount',
    type: 'text',
    inputMode: 'decimal',
    rule: 'discountCents',
  },
];

const FIELD_OF_RULE: Record<string, Field | 'name' | 'document'> = {
  ...Object.fromEntries(COBV_FIELDS.map((f) => [f.rule, f.id])),
  payerName: 'name',
  payerDocument: 'document',
};

/** The form field a rule's error names (the service's answer, too). */
export const fieldOfRule = (rule: string): Field | 'name' | 'document' =>
  FIELD_OF_RULE[rule] ?? 'dueDate';

/**
 * The draft read into the terms the services check again, or each problem next to its field
 * (codes: shared/codes.ts), so nothing is sent while any is wrong. `today` is the shop's day.
 */
export function readCobvDraft(
  d: CobvDraft,
  amountCents: number,
  payer: { name: string; document: string },
  today: string,
): { terms: CobvTerms } | { errors: CobvErrors } {
  const errors: CobvErrors = {};
  const fine = parsePercent(d.fine, 'finePct');
  if (!fine.ok) errors.fine = fine;
  const interest = parsePercent(d.interest, 'interestPctMonth');
  if (!interest.ok) errors.interest = interest;
  const discount =
    d.discount.trim() === '' ? { ok: true as const, value: 0 } : parseMoney(d.discount);
  if (!discount.ok) errors.discount = discount;
  const days = /^\d{1,3}$/.test(d.daysAfterDue.trim()) ? Number(d.daysAfterDue) : -1;
  if (!fine.ok || !interest.ok || !discount.ok) return { errors };
  const terms: CobvTerms = {
    dueDate: d.dueDate,
    daysAfterDue: days,
    finePct: fine.value,
    interestPctMonth: interest.value,
    discountCents: discount.value,
  };
  const checked = checkCobv(terms, amountCents, payer, today);
  if (checked.ok) return { terms };
  errors[fieldOfRule(checked.field ?? '')] = checked;
  return { errors };
}
