import { CheckLines, type CheckLineStyle } from '../../components/CheckLine';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import type { CheckLine as Check } from '../../../shared/domain/connection-checks';
import { describeCheck, describeReport } from './report';

/** A check's line: ✓ passed, ✗ failed, – skipped (the mark is not read aloud). */
const CHECK_LINES: CheckLineStyle<Check, Check['state']> = {
  kind: 'check',
  state: (c) => c.state,
  marks: { pass: '✓', fail: '✗', skipped: '–' },
  describe: describeCheck,
};

/** `Testar conexão`: the button, the one-sentence verdict, and one line per check. */
export function ConnectionTest() {
  const { t } = useTranslation();
  const { test, testing, report } = useOnboarding();
  return (
    <>
      <div className="row">
        <button type="button" className="btn" disabled={testing} onClick={() => void test()}>
          {t('onboarding.test')}
        </button>
      </div>
      <p
        role="status"
        className={report ? (report.passed ? 'test-ok' : 'test-bad') : 'muted'}
        aria-live="polite"
      >
        {testing ? t('onboarding.testing') : report ? describeReport(report) : ''}
      </p>
      {report && !testing && (
        <CheckLines label={t('onboarding.test')} items={report.checks} {...CHECK_LINES} />
      )}
    </>
  );
}
