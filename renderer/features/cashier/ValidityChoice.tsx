import { VALIDITY_CHOICES_HOURS } from '../../../shared/domain/charge-validity';
import { Choice } from '../../components/Choice';
import { useTranslation } from '../../i18n';

/**
 * `Validade`: the counter's own expiry, or longer for a payer who is not at the counter (a charge
 * to send), or `Com vencimento`. The services refuse in words where the PSP cannot (shared/domain/charge-validity.ts).
 */
export function ValidityChoice({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const options: Array<readonly [string, string]> = [
    ['', t('cashier.validityCounter')],
    ...VALIDITY_CHOICES_HOURS.map(
      (h) =>
        [
          String(h),
          h < 48
            ? t('cashier.validityHours', { count: h })
            : t('cashier.validityDays', { count: h / 24 }),
        ] as const,
    ),
    // An API Pix `cobv` (DueDateFields); a PSP of the family answers it is counter-only.
    ['cobv', t('cashier.cobvChoice')],
  ];
  return (
    <Choice
      id="validity"
      label={t('cashier.validity')}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
