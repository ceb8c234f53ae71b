import { describe, expect, it } from 'vitest';
import { Translator } from '../../../renderer/i18n/translator';

// The app's own translator (in place of i18next, issue 35): the i18next behaviours the
// dictionaries rely on, each one a word a cashier would see wrong if it broke.
const pt = {
  cashier: { amount: 'Valor', paid: 'Pago {{amount}}' },
  news: { count_one: '{{count}} pagamento', count_other: '{{count}} pagamentos' },
  refusals: { line: 'Recusado — $t(refusals.reason.{{reason}})', reason: { SIG: 'assinatura' } },
  onlyPt: 'só em português',
};
const en = {
  cashier: { amount: 'Amount', paid: 'Paid {{amount}}' },
  news: { count_one: '{{count}} payment', count_other: '{{count}} payments' },
  refusals: { line: 'Refused — $t(refusals.reason.{{reason}})', reason: { SIG: 'signature' } },
};

function translator(load = async () => en) {
  const tr = new Translator(load);
  tr.addWords('pt-BR', pt);
  return tr;
}

describe('the translator', () => {
  it('finds dotted keys and fills {{name}}, leaving an unknown name as written', () => {
    const { t } = translator(); // unbound: callers pass `t` around
    expect(t('cashier.amount')).toBe('Valor');
    expect(t('cashier.paid', { amount: 'R$ 1,00' })).toBe('Pago R$ 1,00');
    expect(t('cashier.paid')).toBe('Pago {{amount}}');
  });

  it('picks the plural by count with each language’s rules (Portuguese 0 is singular)', async () => {
    const tr = translator();
    expect(tr.t('news.count', { count: 0 })).toBe('0 pagamento');
    expect(tr.t('news.count', { count: 1 })).toBe('1 pagamento');
    expect(tr.t('news.count', { count: 2 })).toBe('2 pagamentos');
    await tr.changeLanguage('en');
    expect(tr.t('news.count', { count: 0 })).toBe('0 payments');
    expect(tr.t('news.count', { count: 1 })).toBe('1 payment');
  });

  it('nests $t(...) after filling its names', async () => {
    const tr = translator();
    expect(tr.t('refusals.line', { reason: 'SIG' })).toBe('Recusado — assinatura');
    await tr.changeLanguage('en');
    expect(tr.t('refusals.line', { reason: 'SIG' })).toBe('Refused — signature');
  });

  it('falls back to Portuguese, then to the key; exists says which', async () => {
    const tr = translator();
    await tr.changeLanguage('en');
    expect(tr.t('onlyPt')).toBe('só em português');
    expect(tr.t('nothing.here')).toBe('nothing.here');
    expect(tr.exists('cashier.amount')).toBe(true);
    expect(tr.exists('cashier')).toBe(false);
    expect(tr.exists('nothing.here')).toBe(false);
  });

  it('switches only once the words are here, tells subscribers, and the last switch asked wins', async () => {
    let arrive!: (d: typeof en) => void;
    const tr = translator(() => new Promise((r) => (arrive = r)));
    let told = 0;
    tr.subscribe(() => told++);
    const toEn = tr.changeLanguage('en');
    expect(tr.language).toBe('pt-BR');
    expect(tr.t('cashier.amount')).toBe('Valor');
    await tr.changeLanguage('pt-BR'); // asked after English: it wins
    arrive(en);
    await toEn;
    expect(tr.language).toBe('pt-BR');
    await tr.changeLanguage('en');
    expect(tr.language).toBe('en');
    expect(tr.t('cashier.amount')).toBe('Amount');
    expect(told).toBeGreaterThan(0);
  });

  it('keeps the language when asked for none or an unknown one (an older host says none)', async () => {
    const tr = translator();
    await tr.changeLanguage('en');
    await tr.changeLanguage(undefined);
    await tr.changeLanguage('es' as 'en');
    expect(tr.language).toBe('en');
  });

  it('a fixed t speaks its language whatever the interface’s', async () => {
    const tr = translator();
    await tr.loadLanguages('en');
    expect(tr.language).toBe('pt-BR');
    expect(tr.getFixedT('en')('cashier.amount')).toBe('Amount');
  });
});
