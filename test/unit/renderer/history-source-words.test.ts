import { describe, expect, it } from 'vitest';
import { sourceWords } from '../../../renderer/features/history/source-words';
import { setLanguage } from '../../../renderer/i18n';

// The "Origem" column of a charge's status history, as the owner reads it: words in the
// chosen language, and a code the table does not know is carried inside a sentence.
describe('status source in words', () => {
  it('pt-BR: known sources are words, never the code', async () => {
    await setLanguage('pt-BR');
    expect(sourceWords('relay')).toBe('Aviso do PSP (relay)');
    expect(sourceWords('local-expiry')).toBe('Prazo do Balcão esgotado');
    expect(sourceWords('create')).toBe('Criada no Balcão');
  });
  it('en: the same sources in English', async () => {
    await setLanguage('en');
    expect(sourceWords('psp')).toBe('PSP status query');
    expect(sourceWords('received-pix')).toBe('Pix found in the statement');
  });
  it('an unknown source is shown inside a sentence, not bare', async () => {
    await setLanguage('pt-BR');
    expect(sourceWords('novo-x')).toBe('outra origem (código novo-x)');
    await setLanguage('en');
    expect(sourceWords('novo-x')).toBe('another source (code novo-x)');
  });
});
