import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTranslation } from '../../i18n';
import { useOperators } from '../../stores/operators-store';

/** On the Caixa with operators: who is selling, Trocar operador and Fechar turno. */
export function OperatorBar() {
  const { t } = useTranslation();
  const { current, leave, closeShift } = useOperators();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!current) return null;
  const name = current.operator.name;
  return (
    <div className="operator-bar">
      <strong className="operator-at">{t('operators.at', { name })}</strong>
      <button type="button" className="btn btn-small" onClick={() => void leave()}>
        {t('operators.switch')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => setAsking(true)}>
        {t('operators.closeShift')}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      {asking && (
        <ConfirmDialog
          id="close-shift"
          title={t('operators.closeShift')}
          text={t('operators.confirmClose', { name })}
          yes={t('operators.closeShift')}
          no={t('owner.cancel')}
          onYes={() => {
            setAsking(false);
            void closeShift().then(setError);
          }}
          onNo={() => setAsking(false)}
        />
      )}
    </div>
  );
}
