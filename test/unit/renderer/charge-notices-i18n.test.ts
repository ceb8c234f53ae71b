import { describe, expect, it } from 'vitest';
import { describeChargeNotice } from '../../../renderer/features/cashier/charge-notice';
import { en } from '../../../renderer/i18n/en';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { i18next } from '../../../renderer/i18n';
import { CHARGE_NOTICE_CODES } from '../../../shared/domain/charge-notices';

// Services send codes; a code without words in either language fails here.
describe('charge notices in both languages', () => {
  it.each(CHARGE_NOTICE_CODES)('%s has a pt-BR and an English text', (code) => {
    for (const messages of [ptBR, en]) {
      const text = (messages.chargeNotices as Record<string, string>)[code];
      expect(text?.trim().length).toBeGreaterThan(10);
    }
  });

  it('a refusal names its reason in the interface language, and an unknown one still reads', async () => {
    const n = { code: 'PSP_REFUSED' as const, reason: 'PSP_UNAVAILABLE' };
    expect(describeChargeNotice(n)).toMatch(/^O PSP recusou a cobrança: o PSP está fora do ar/);
    expect(describeChargeNotice({ code: 'PSP_REFUSED', reason: 'WEIRD' })).toMatch(/WEIRD/);
    await i18next.changeLanguage('en');
    expect(describeChargeNotice(n)).toMatch(/^The PSP refused the charge: the PSP is down/);
    expect(describeChargeNotice({ code: 'LATE_PAYMENT' })).toMatch(/^Payment received after/);
    await i18next.changeLanguage('pt-BR');
  });

  it('both languages have the same reasons and late-payment labels', () => {
    expect(Object.keys(en.chargeNoticeReasons).sort()).toEqual(
      Object.keys(ptBR.chargeNoticeReasons).sort(),
    );
    expect(ptBR.statusLabel).toEqual({
      PAID_AFTER_CANCELED: 'Pago (após cancelamento)',
      PAID_AFTER_EXPIRED: 'Pago após expirar',
      DIFFERENT_AFTER_CANCELED: 'Pago com valor diferente (após cancelamento)',
      DIFFERENT_AFTER_EXPIRED: 'Pago com valor diferente após expirar',
    });
    expect(Object.keys(en.statusLabel).sort()).toEqual(Object.keys(ptBR.statusLabel).sort());
  });
});
