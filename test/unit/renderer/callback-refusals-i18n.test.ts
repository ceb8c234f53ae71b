import { describe, expect, it } from 'vitest';
import { REFUSAL_REASONS } from '../../../shared/domain/callback-refusals';
import { describeNotice } from '../../../renderer/bridge';
import { setLanguage } from '../../../renderer/i18n';
import { en } from '../../../renderer/i18n/en';
import { ptBR } from '../../../renderer/i18n/pt-BR';

// Each reason a callback is refused for says what it means and what to check, in both languages.
describe('refused callbacks are worded', () => {
  it.each([
    ['pt-BR', ptBR],
    ['en', en],
  ] as const)('%s: every reason has a label and what to check', (_lng, d) => {
    const reasons = d.callbackRefusals.reason as Record<string, { label: string; what: string }>;
    const missing = REFUSAL_REASONS.filter((r) => !reasons[r]?.label || !reasons[r]?.what);
    expect(missing).toEqual([]);
  });

  it('the owner’s notice names the count and what to check, in pt-BR and English', async () => {
    const n = { code: 'CALLBACKS_REFUSED', params: { count: 3, reason: 'CALLBACK_BAD_SIGNATURE' } };
    expect(describeNotice(n)).toBe(
      '3 avisos de pagamento recusados hoje — a assinatura não confere: confira o segredo do webhook (ou o Client Secret) em Configurações. Dono: veja a lista em Saúde.',
    );
    expect(describeNotice({ ...n, params: { count: 1, reason: 'CALLBACK_STALE' } })).toMatch(
      /^1 aviso de pagamento recusado hoje — o horário do aviso é antigo demais: acerte o relógio/,
    );
    await setLanguage('en');
    expect(describeNotice(n)).toMatch(
      /^3 payment notices refused today — the signature does not match: check the webhook secret/,
    );
    await setLanguage('pt-BR');
  });
});
