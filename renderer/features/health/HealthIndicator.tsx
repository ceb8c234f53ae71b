import { useTranslation } from '../../i18n';
import { useHealth } from '../../stores/health-store';
import { describeHealthItem, HEALTH_MARK } from './health-text';

/**
 * The cashier's compact view of Saúde: one line, green when all is well, else the worst item
 * and what to do (the owner's Saúde screen has the rest).
 */
export function HealthIndicator() {
  const { t } = useTranslation();
  const view = useHealth((s) => s.view);
  if (!view) return null;
  // Only what stops a payment from reaching this screen: the owner reviews the rest.
  const worst = view.items.find((i) => i.level === 'bad');
  const d = worst && describeHealthItem(worst);
  return (
    <p
      role="status"
      aria-label={t('health.indicator')}
      className={`health-compact health-${worst ? 'bad' : 'ok'}`}
    >
      <span aria-hidden="true">{HEALTH_MARK[worst?.level ?? 'ok']} </span>
      {d ? `${d.name}: ${d.text}` : t('health.allOk')}
    </p>
  );
}
