import { expect } from 'vitest';
import type { Host } from './devhost';
import { PDV_PAYER } from './stand-in-pdv';

/** The owner's session opened and `Pagador padrão` saved: a PDV sends only an amount. */
export async function setPdvPayer(host: Pick<Host, 'call'>, pin: string): Promise<void> {
  expect((await host.call('owner:unlock', { pin })).ok).toBe(true);
  expect((await host.call('settings:update', { patch: { defaultPayer: PDV_PAYER } })).ok).toBe(
    true,
  );
}
