import type { DefaultPayer } from './settings';

/**
 * DEMO's own payer, so the first DEMO sale is amount + Enter (the embedded sandbox, like the
 * seed's PSP, wants name, CPF, e-mail and phone). Fictitious: the CPF is the well-known test
 * number that passes the check digits; the e-mail domain is reserved (RFC 2606). Never used live.
 */
export const DEMO_PAYER: DefaultPayer = {
  name: 'Cliente DEMO',
  document: '529.982.247-25',
  email: 'cliente@example.com',
  phone: '(11) 98765-4321',
};

/** DEMO's payer as an English-speaking shop reads it on its receipts and in Histórico. */
const DEMO_PAYER_EN: DefaultPayer = { ...DEMO_PAYER, name: 'DEMO customer' };

/**
 * The payer a sale without one gets: the owner's `Pagador padrão`, else DEMO's in DEMO mode (its
 * name in the interface's language).
 */
export function defaultPayerFor(
  saved: DefaultPayer | null,
  mode: 'demo' | 'live' | undefined,
  language: 'pt-BR' | 'en' = 'pt-BR',
): DefaultPayer | null {
  return saved ?? (mode === 'demo' ? (language === 'en' ? DEMO_PAYER_EN : DEMO_PAYER) : null);
}
