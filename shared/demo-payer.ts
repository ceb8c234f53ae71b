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

/** The payer a sale without one gets: the owner's `Pagador padrão`, else DEMO's in DEMO mode. */
export function defaultPayerFor(
  saved: DefaultPayer | null,
  mode: 'demo' | 'live' | undefined,
): DefaultPayer | null {
  return saved ?? (mode === 'demo' ? DEMO_PAYER : null);
}
