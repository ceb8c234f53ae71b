import { CheckLines, type CheckLineStyle } from '../../components/CheckLine';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { formatTime } from '../../i18n/dates';
import { useHealth } from '../../stores/health-store';
import { describeHealthItem, HEALTH_MARK } from './health-text';
import type { HealthItem } from '../../../shared/domain/health';
import { RefusalList } from './RefusalList';

/** An item's line, marked and coloured by its level. */
const HEALTH_LINES: CheckLineStyle<HealthItem, HealthItem['level']> = {
  kind: 'health',
  state: (i) => i.level,
  marks: HEALTH_MARK,
  describe: describeHealthItem,
};

/**
 * Saúde: everything a payment needs to reach the screen, one line each (✓ / ! / ✗ / –); each
 * red item says what to do. Opening the screen asks everyone now.
 */
export function HealthScreen() {
  const { t } = useTranslation();
  const { view, checking, load } = useHealth();
  useEffect(() => {
    void load(true);
  }, [load]);
  return (
    <section className="stack health">
      <h1>{t('health.title')}</h1>
      <p className="muted">{t('health.intro')}</p>
      <div className="row">
        <button type="button" className="btn" disabled={checking} onClick={() => void load(true)}>
          {t('health.checkNow')}
        </button>
        {view && view.checkedAt > 0 && (
          <span className="muted">
            {t('health.checkedAt', { time: formatTime(view.checkedAt) })}
          </span>
        )}
      </div>
      {view && <CheckLines label={t('health.title')} items={view.items} {...HEALTH_LINES} />}
      <RefusalList />
    </section>
  );
}
