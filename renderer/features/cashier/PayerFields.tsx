import { TextField, type TextFieldProps } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { useCashier } from '../../stores/cashier-store';
import type { FieldErrors } from './validate';

type PayerKey = keyof FieldErrors & ('name' | 'document' | 'email' | 'phone');

/** Each payer field: what it holds, its label, its input; `contact`: only for /payments/deposit. */
const PAYER_FIELDS: {
  key: PayerKey;
  label: string;
  input: Pick<TextFieldProps, 'type' | 'inputMode' | 'maxLength'>;
  contact?: true;
}[] = [
  { key: 'name', label: 'cashier.payerName', input: { maxLength: 100 } },
  { key: 'document', label: 'cashier.payerDocument', input: { inputMode: 'numeric' } },
  {
    key: 'email',
    label: 'cashier.payerEmail',
    input: { type: 'email', inputMode: 'email' },
    contact: true,
  },
  {
    key: 'phone',
    label: 'cashier.payerPhone',
    input: { type: 'tel', inputMode: 'tel' },
    contact: true,
  },
];

/** `Pagador`: name and document, and e-mail and phone when the charge operation needs them. */
export function PayerFields({
  needsContact,
  err,
}: {
  needsContact: boolean;
  err(field: PayerKey): string | undefined;
}) {
  const { t } = useTranslation();
  const form = useCashier((s) => s.form);
  const setField = useCashier((s) => s.setField);
  return (
    <fieldset className="payer">
      <legend>{t('cashier.payerSection')}</legend>
      {PAYER_FIELDS.filter((f) => needsContact || !f.contact).map(({ key, label, input }) => (
        <TextField
          key={key}
          id={`payer-${key}`}
          label={t(label)}
          {...input}
          value={form[key]}
          error={err(key)}
          onChange={(v) => setField(key, v)}
        />
      ))}
    </fieldset>
  );
}
