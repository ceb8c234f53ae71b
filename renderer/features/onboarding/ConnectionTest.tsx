import { CheckLines } from '../../components/CheckLine';
import { useTranslation } from '../../i18n';
import { useOnboarding } from '../../stores/onboarding-store';
import { describeCheck, describeReport } from './report';

const MARK = { pass: '✓', fail: '✗', skipped: '–' } as const;

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
        <CheckLines
          label={t('onboarding.test')}
          kind="check"
          items={report.checks}
          state={(c) => c.state}
          marks={MARK}
          describe={describeCheck}
        />
      )}
    </>
  );
}
