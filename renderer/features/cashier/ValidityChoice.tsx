import { VALIDITY_CHOICES_HOURS } from '../../../shared/domain/charge-validity';
import { Choice } from '../../components/Choice';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';

/**
 * `Validade`: the counter's own expiry, or longer for a payer who is not at the counter (a charge
 * to send), or `Com vencimento` where the PSP offers it. The services refuse in words where the PSP cannot (shared/domain/charge-validity.ts).
 */
export function ValidityChoice({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  // Unknown (info not loaded yet): not offered rather than offered and refused.
  const dueDate = useApp((a) => a.info?.pspOffers.dueDateCharges ?? false);
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
    // An API Pix `cobv` (DueDateFields), only where the PSP has one (shared/psp-capabilities.ts).
    ...(dueDate ? [['cobv', t('cashier.cobvChoice')] as const] : []),
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
