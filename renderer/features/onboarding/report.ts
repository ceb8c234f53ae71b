import type { CallOutput } from '../../../shared/ipc-contract';
import { formatMoney } from '../../i18n/money';
import { i18next } from '../../i18n';

/** `Testar conexão`'s result as one sentence: what passed, or which of the five things failed. */
export function describeReport(r: CallOutput<'onboarding:test'>): string {
  const t = i18next.t.bind(i18next);
  const keychain = r.keychain ? '' : ` ${t('onboarding.keychainMissing')}`;
  if (r.passed)
    return (
      t('onboarding.report.passed', {
        balance: r.balanceCents !== undefined ? formatMoney(r.balanceCents) : '—',
      }) + keychain
    );
  const step = t(`onboarding.step.${r.step ?? 'login'}`);
  return (
    t(`onboarding.report.${r.problem ?? 'PSP_ERROR'}`, { step, detail: r.detail ?? '?' }) + keychain
  );
}
