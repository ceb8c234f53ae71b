import { describe, expect, it } from 'vitest';
import { reasonWords } from '../../../renderer/features/infractions/reason-words';
import { setLanguage } from '../../../renderer/i18n';

// The "Motivo" column of MED infractions, as the owner reads it: words in the chosen
// language whatever the PSP's case, and an unknown code inside a sentence, never bare.
describe('MED reason in words', () => {
  it('pt-BR and en words for DICT codes, in either case', async () => {
    await setLanguage('pt-BR');
    expect(reasonWords('REFUND_REQUEST')).toBe('Pedido de devolução');
    expect(reasonWords('scam')).toBe('Golpe');
    await setLanguage('en');
    expect(reasonWords('FRAUD')).toBe('Suspected fraud');
    expect(reasonWords('refund_request')).toBe('Refund request');
  });
  it('an unknown reason is shown inside a sentence', async () => {
    await setLanguage('pt-BR');
    expect(reasonWords('XYZ_NEW')).toBe('outro motivo (código XYZ_NEW)');
    await setLanguage('en');
    expect(reasonWords('XYZ_NEW')).toBe('another reason (code XYZ_NEW)');
  });
  it('a reason the PSP already sends in words is shown as it is, not as an unknown code', async () => {
    await setLanguage('pt-BR');
    expect(reasonWords('Conta invadida')).toBe('Conta invadida');
    expect(reasonWords('Fraude')).toBe('Fraude');
  });
});
