import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../renderer/i18n';
import { useApp } from '../../../../renderer/stores/app-store';
import { useCashier } from '../../../../renderer/stores/cashier-store';
import { usePdv } from '../../../../renderer/stores/pdv-store';
import { payer } from '../../../helpers/core';
import { installBridge } from '../../../helpers/renderer-bridge';

// The cashier's side of a PDV sale and the Integração com o PDV store, against the real app.
const PIN = '2468';
let app: Awaited<ReturnType<typeof installBridge>>;
const initial = { cashier: useCashier.getState(), pdv: usePdv.getState() };

beforeAll(async () => {
  app = await installBridge();
  expect((await app.core.owner.setPin(PIN)).ok).toBe(true);
}, 60_000);
afterAll(() => app.close());
beforeEach(async () => {
  useCashier.setState(initial.cashier, true);
  usePdv.setState(initial.pdv, true);
  await setLanguage('pt-BR');
  await useApp.getState().load();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

describe('a balcao:// link and a PDV sale on the Caixa', () => {
  it('a link fills the amount and the reference when the form is free, never over a charge', async () => {
    expect(useCashier.getState().prefill(1234, 'nf-1')).toBe(true);
    expect(useCashier.getState().form).toMatchObject({
      amountCents: 1234,
      description: 'PDV nf-1',
    });
    const c = useCashier.getState();
    for (const f of ['name', 'document', 'email', 'phone'] as const) c.setField(f, payer[f]);
    await useCashier.getState().submit();
    const shown = useCashier.getState().charge!;
    expect(shown.description).toBe('PDV nf-1');
    expect(useCashier.getState().prefill(999)).toBe(false);
    expect(useCashier.getState().charge?.id).toBe(shown.id);
    await app.core.charges.cancel(shown.id);
  });

  it("a PDV's charge is shown when the Caixa is free, and never replaces one that may be paid", async () => {
    const r = await app.core.charges.create({ amountCents: 700, payer });
    if (!r.ok) throw new Error(r.code);
    useCashier.getState().adopt(r.value);
    expect(useCashier.getState().charge?.id).toBe(r.value.id);
    const other = await app.core.charges.create({ amountCents: 800, payer });
    if (!other.ok) throw new Error(other.code);
    useCashier.getState().adopt(other.value);
    expect(useCashier.getState().charge?.id).toBe(r.value.id);
    await app.core.charges.cancel(r.value.id);
    await app.core.charges.cancel(other.value.id);
  });
});

describe('Integração com o PDV (owner)', () => {
  it('locked: refused in words; unlocked: the state, a token shown once, the API turned on at once', async () => {
    app.core.owner.lock();
    await usePdv.getState().load();
    expect(usePdv.getState().message).toBeTruthy();
    expect((await app.core.owner.unlock(PIN)).ok).toBe(true);
    await usePdv.getState().load();
    expect(usePdv.getState().overview?.exchange.state).toBe('off');
    expect(usePdv.getState().overview?.api).toEqual({ url: null, hasToken: false });
    await usePdv.getState().newToken();
    const token = usePdv.getState().token!;
    expect(token).toMatch(/^blc_/);
    expect(usePdv.getState().overview?.api.hasToken).toBe(true);
    const port = await freePort();
    expect(await usePdv.getState().save({ apiEnabled: true, apiPort: port })).toBe(true);
    const url = usePdv.getState().overview?.api.url;
    expect(url).toBe(`http://127.0.0.1:${port}/v1`);
    const res = await fetch(`${url}/charges/none`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(404); // the token works; the reference is unknown
    expect(await usePdv.getState().save({ apiEnabled: false })).toBe(true);
    expect(usePdv.getState().overview?.api.url).toBeNull();
    expect(await usePdv.getState().save({ apiPort: 80 })).toBe(false);
  });
});
