import type { ComponentProps } from 'react';
import { useTranslation } from '../../i18n';
import { WebhookLine } from './WebhookLine';

/** The API Pix connected: the webhook registration's outcome, then `Ir para o Caixa`. */
export function ApiPixConnected({
  outcome,
  onDone,
}: {
  outcome: ComponentProps<typeof WebhookLine>['outcome'];
  onDone(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h2>{t('apiPix.connected')}</h2>
      <WebhookLine outcome={outcome} />
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('apiPix.toCashier')}
        </button>
      </div>
    </div>
  );
}
