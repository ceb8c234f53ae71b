import type { CheckLine } from '../../../shared/domain/connection-checks';
import type { CallOutput } from '../../../shared/ipc-contract';
import { formatMoney } from '../../i18n/money';
import { describeError } from '../../bridge';
import { i18next } from '../../i18n';

/** `Testar conexão`'s result as one sentence: all passed, or where to look. */
export function describeReport(r: CallOutput<'onboarding:test'>): string {
  const t = i18next.t.bind(i18next);
  const keychain = r.keychain ? '' : ` ${t('onboarding.keychainMissing')}`;
  if (r.passed)
    return (
      t('onboarding.report.passed', {
        balance: r.balanceCents !== undefined ? formatMoney(r.balanceCents) : '—',
      }) + keychain
    );
  // Login and balance passed: another needed check failed (the lines say which). Nothing to
  // confirm a payment (no relay, no status query) is said first: it is the set-up, not a fault.
  const unconfirmed = r.checks.some((c) => c.problem === 'NO_CONFIRMATION');
  if (!r.problem && unconfirmed) return t('onboarding.report.noConfirmation') + keychain;
  if (!r.problem) return t('onboarding.report.someFailed') + keychain;
  const step = t(`onboarding.step.${r.step ?? 'login'}`);
  return t(`onboarding.report.${r.problem}`, { step, detail: r.detail ?? '?' }) + keychain;
}

/** One check as the owner reads it: its name, then on ✗ what happened and what to check. */
export function describeCheck(c: CheckLine): { name: string; state: string; text: string } {
  const t = i18next.t.bind(i18next);
  const parts: string[] = [];
  if (c.code) parts.push(describeError({ code: c.code, ...(c.params && { params: c.params }) }));
  if (c.problem) parts.push(t(`onboarding.problem.${c.problem}`, { detail: c.detail ?? '?' }));
  if (c.pspMessage) parts.push(t('onboarding.pspSaid', { message: c.pspMessage }));
  if (c.relayMessage) parts.push(t('onboarding.relaySaid', { message: c.relayMessage }));
  if (c.id === 'callback' && c.state === 'pass') {
    if (c.ms !== undefined)
      parts.push(t('onboarding.checkCallbackMs', { seconds: (c.ms / 1000).toFixed(1) }));
    if (c.signatureChecked === true) parts.push(t('onboarding.checkSignatureOk'));
    if (c.signatureChecked === false) parts.push(t('onboarding.checkSignatureNone'));
  }
  return {
    name: t(`onboarding.check.${c.id}`),
    state: t(`onboarding.checkState.${c.state}`),
    text: parts.join(' '),
  };
}
