import type { ConnectionStatus } from '../../shared/views';
import { describeNotice } from '../bridge';
import { useTranslation } from '../i18n';

/** Where callbacks come from right now: relay connected, polling, or offline. */
export function ConnectionIndicator({ connection }: { connection: ConnectionStatus | null }) {
  const { t } = useTranslation();
  const state = connection?.state ?? 'offline';
  return (
    <div
      role="status"
      aria-label={t('connection.label')}
      className={`connection conn-${state}`}
      title={connection?.detail && describeNotice({ code: connection.detail })}
    >
      <span className="dot" aria-hidden="true" />
      {t(`connection.${state}`)}
    </div>
  );
}
