import { useReadOnce } from '../../components/read-once';
import { useState } from 'react';
import type { WebhookRegistration } from '../../../shared/api-pix-webhook';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';

/**
 * API Pix: `Webhook registrado no PSP` ✓ or ✗, with the PSP's own words and what to do, as the
 * last save left it (the onboarding's last step, Configurações).
 */
export function WebhookLine({ outcome }: { outcome: WebhookRegistration }) {
  const { t } = useTranslation();
  const name = t('apiPix.webhookName');
  return (
    <p
      role="status"
      aria-label={name}
      className={outcome.ok ? 'check-pass' : 'check-fail'}
      data-check="webhook"
    >
      <span aria-hidden="true">{outcome.ok ? '✓' : '✗'} </span>
      <strong>{name}</strong>
      <span className="sr-only">
        : {outcome.ok ? t('apiPix.webhookYes') : t('apiPix.webhookNo')}
      </span>
      {outcome.ok ? (
        <span> — {t('apiPix.webhookOk', { url: outcome.url })}</span>
      ) : (
        <span>
          {' — '}
          {describeError(outcome)}{' '}
          {outcome.code === 'APIPIX_WEBHOOK_NO_RELAY'
            ? t('apiPix.webhookNoRelayDo')
            : t('apiPix.webhookFailDo')}
        </span>
      )}
    </p>
  );
}

/** Configurações: the last registration's line, read from the service (nothing when none yet). */
export function SavedWebhookLine() {
  const [outcome, setOutcome] = useState<WebhookRegistration | null>(null);
  useReadOnce(
    () => bridge().onboarding.webhook({}),
    (r) => r.ok && setOutcome(r.value),
  );
  return outcome && <WebhookLine outcome={outcome} />;
}
