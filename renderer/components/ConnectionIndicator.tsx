import type { ConnectionStatus } from '../../shared/views';
import { describeNotice } from '../bridge';
import { useTranslation } from '../i18n';

/**
 * The truth about the connection: where callbacks come from (relay connected, polling,
 * offline) and whether the PSP answers. Green only when both are fine.
 */
export function ConnectionIndicator({ connection }: { connection: ConnectionStatus | null }) {
  const { t } = useTranslation();
  const state = connection?.state ?? 'offline';
  const psp = connection?.psp;
  const shown =
    psp === 'unreachable'
      ? 'offline'
      : psp === 'slow' && state === 'connected'
        ? 'reconnecting'
        : state;
  return (
    <div
      role="status"
      aria-label={t('connection.label')}
      className={`connection conn-${shown}`}
      title={connection?.detail && describeNotice({ code: connection.detail })}
    >
      <span className="dot" aria-hidden="true" />
      {psp === 'unreachable' || psp === 'slow' ? t(`pspHealth.${psp}`) : t(`connection.${state}`)}
    </div>
  );
}
