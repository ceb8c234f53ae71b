import { useTranslation } from '../../i18n';
import { salePayer, useApp } from '../../stores/app-store';
import { useCashier } from '../../stores/cashier-store';

/** The default payer in use, and the button to identify this sale's payer instead. */
export function DefaultPayerLine() {
  const { t } = useTranslation();
  const defaultPayer = useApp(salePayer);
  const identify = useCashier((s) => s.identify);
  const setIdentify = useCashier((s) => s.setIdentify);
  if (!defaultPayer) return null;
  return (
    <p className="default-payer">
      {identify ? null : t('counter.defaultInUse', { name: defaultPayer.name })}{' '}
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={identify}
        onClick={() => setIdentify(!identify)}
      >
        {identify ? t('counter.useDefault') : t('counter.identify')}
      </button>
    </p>
  );
}
