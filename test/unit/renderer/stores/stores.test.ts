import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../renderer/i18n';
import { useAccount } from '../../../../renderer/stores/account-store';
import { useApp } from '../../../../renderer/stores/app-store';
import { isLocked, useCashier } from '../../../../renderer/stores/cashier-store';
import { useCustomer } from '../../../../renderer/stores/customer-store';
import { today, useHistory } from '../../../../renderer/stores/history-store';
import { useInfractions } from '../../../../renderer/stores/infractions-store';
import { useSettings } from '../../../../renderer/stores/settings-store';
import { useWithdrawals } from '../../../../renderer/stores/withdrawals-store';
import type { ChargeView } from '../../../../shared/views';
import { payer } from '../../../helpers/core';
import { installBridge } from '../../../helpers/renderer-bridge';

// Every renderer store against the real app (DEMO core, real handlers and contract), the way
// the screens drive them: call an action, read the state a screen shows.
const PIN = '2468';
let app: Awaited<ReturnType<typeof installBridge>>;
const initial = {
  app: useApp.getState(),
  cashier: useCashier.getState(),
  customer: useCustomer.getState(),
  history: useHistory.getState(),
  account: useAccount.getState(),
  withdrawals: useWithdrawals.getState(),
  infractions: useInfractions.getState(),
  settings: useSettings.getState(),
};

beforeAll(async () => {
  app = await installBridge();
  expect((await app.core.owner.setPin(PIN)).ok).toBe(true);
  app.core.owner.lock();
}, 60_000);
afterAll(() => app.close());
beforeEach(async () => {
  useApp.setState(initial.app, true);
  useCashier.setState(initial.cashier, true);
  useCustomer.setState(initial.customer, true);
  useHistory.setState(initial.history, true);
  useAccount.setState(initial.account, true);
  useWithdrawals.setState(initial.withdrawals, true);
  useInfractions.setState(initial.infractions, true);
  useSettings.setState(initial.settings, true);
  app.core.owner.lock();
  await setLanguage('pt-BR');
  await useApp.getState().load();
});

/** Types a sale on the cashier store and submits it; the charge on screen. */
async function charge(amountCents: number) {
  const c = useCashier.getState();
  c.reset();
  c.setAmount(amountCents);
  for (const f of ['name', 'document', 'email', 'phone'] as const) c.setField(f, payer[f]);
  await useCashier.getState().submit();
  const shown = useCashier.getState().charge;
  if (!shown) throw new Error(`no charge: ${useCashier.getState().message}`);
  return shown;
}

describe('app store', () => {
  it('load reads the app: mode, operation, connection, owner state', () => {
    const s = useApp.getState();
    expect(s.info).toMatchObject({ mode: 'live', chargeOperation: 'deposit' });
    expect(s.owner).toEqual({ hasPin: true, unlocked: false });
    expect(s.connection).not.toBeNull();
  });

  it('an owner screen asks for the PIN; a wrong PIN is told in words; the right one opens it', async () => {
    await useApp.getState().go('settings');
    expect(useApp.getState()).toMatchObject({ route: 'cashier', pinFor: 'settings' });
    expect(await useApp.getState().unlock('0000')).toBe('PIN incorreto.');
    expect(useApp.getState().route).toBe('cashier');
    expect(await useApp.getState().unlock(PIN)).toBeNull();
    expect(useApp.getState()).toMatchObject({ route: 'settings', pinFor: null });
  });

  it('an app-wide notice from the services is listed until dismissed', async () => {
    app.core.events.emit('app:notice', { level: 'info', code: 'LATE_PAYMENT' });
    const n = useApp.getState().notices.find((x) => x.code === 'LATE_PAYMENT');
    expect(n).toMatchObject({ level: 'info' });
    useApp.getState().dismiss(n!.id);
    expect(useApp.getState().notices.some((x) => x.id === n!.id)).toBe(false);
  });

  it('a notice is listed once however often the shell loads (StrictMode loads twice)', async () => {
    await useApp.getState().load();
    app.core.events.emit('app:notice', { level: 'info', code: 'LATE_PAYMENT' });
    expect(useApp.getState().notices.filter((x) => x.code === 'LATE_PAYMENT')).toHaveLength(1);
  });
});

describe('cashier store', () => {
  it('a form with problems is refused field by field and nothing is charged', async () => {
    const before = app.core.charges.list({}).length;
    useCashier.getState().setField('document', '111.111.111-11');
    await useCashier.getState().submit();
    expect(useCashier.getState().errors).toMatchObject({
      amount: 'AMOUNT_ZERO',
      name: 'PAYER_NAME_EMPTY',
      document: 'DOCUMENT_INVALID',
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
    });
    expect(useCashier.getState().charge).toBeNull();
    expect(app.core.charges.list({}).length).toBe(before);
  });

  it('typed digits build the amount in cents; a submitted sale shows its verified QR', async () => {
    for (const d of [1, 2, 3, 4]) useCashier.getState().typeDigit(d);
    expect(useCashier.getState().form.amountCents).toBe(1234);
    useCashier.getState().backspace();
    expect(useCashier.getState().form.amountCents).toBe(123);
    const c = await charge(1234);
    expect(c).toMatchObject({ status: 'PENDING', amountCents: 1234 });
    expect(c.brcode).toMatch(/^000201/);
  });

  it('while a charge may be paid the form is frozen; "check again" shows the payment', async () => {
    const c = await charge(2500);
    expect(isLocked(useCashier.getState().charge)).toBe(true);
    useCashier.getState().typeDigit(9);
    expect(useCashier.getState().form.amountCents).toBe(2500);
    const tx = app.core.charges.record(c.id)!.pspTransactionId!;
    expect((await app.sb.control('POST', `/charges/${tx}/pay`)).status).toBe(200);
    await useCashier.getState().recheck();
    expect(useCashier.getState().charge).toMatchObject({ id: c.id, status: 'PAID' });
  });

  it('a sale being retired (its QR cannot be had) starts over without the cancel question', async () => {
    const c = await charge(2700);
    const notice = { code: 'UNCERTAIN_RETIRED' } as const;
    useCashier.getState().onUpdate({ ...c, status: 'SUBMITTING', notice });
    useCashier.getState().startOver();
    expect(useCashier.getState()).toMatchObject({ confirm: null, charge: null });
    // One still in doubt may yet show its QR: leaving it asks first.
    const d = await charge(2800);
    useCashier.getState().onUpdate({ ...d, status: 'UNCERTAIN', notice: { code: 'UNCERTAIN' } });
    useCashier.getState().startOver();
    expect(useCashier.getState().confirm).toMatchObject({ kind: 'new', amountCents: 2800 });
  });

  it('an update of the charge on screen replaces it; one of another charge does not', async () => {
    const c = await charge(2600);
    useCashier.getState().onUpdate({ ...c, id: 'other', status: 'PAID' });
    expect(useCashier.getState().charge).toMatchObject({ id: c.id, status: 'PENDING' });
    useCashier.getState().onUpdate({ ...c, status: 'PAID' });
    expect(useCashier.getState().charge).toMatchObject({ id: c.id, status: 'PAID' });
  });
});

describe('customer display store', () => {
  it('shows the newest charge; an update of an older one does not replace it', async () => {
    const older = await charge(300);
    const newer = await charge(400);
    await useCustomer.getState().load();
    expect(useCustomer.getState().charge?.id).toBe(newer.id);
    useCustomer.getState().onUpdate({ ...older, status: 'CANCELED' });
    expect(useCustomer.getState().charge?.id).toBe(newer.id);
  });
});

describe('history store', () => {
  it("lists today's charges, filters by status, closes the day", async () => {
    const c = await charge(1_100);
    await useHistory.getState().load();
    expect(useHistory.getState().day).toBe(today());
    expect(useHistory.getState().rows.map((x) => x.id)).toContain(c.id);
    expect(useHistory.getState().total).toBeGreaterThanOrEqual(1);
    expect(useHistory.getState().closing).not.toBeNull();
    await useHistory.getState().setStatus('PAID');
    expect(useHistory.getState().rows.every((x) => x.status === 'PAID')).toBe(true);
    expect(useHistory.getState().rows.map((x) => x.id)).not.toContain(c.id);
  });

  it('the pager turns with its rows: "Página 2" never shows page 1', async () => {
    while (useHistory.getState().total <= 50) {
      await charge(1_300 + useHistory.getState().total);
      await useHistory.getState().load();
    }
    const first = useHistory.getState().rows.map((x) => x.id);
    const turning = useHistory.getState().goto(2);
    // Asked, not yet answered: the screen still shows page 1 with page 1's rows.
    expect(useHistory.getState().page).toBe(1);
    expect(useHistory.getState().rows.map((x) => x.id)).toEqual(first);
    await turning;
    expect(useHistory.getState().page).toBe(2);
    const second = useHistory.getState().rows.map((x) => x.id);
    expect(second.some((id) => first.includes(id))).toBe(false);
  });

  it('an impossible day is ignored; an update changes only a listed charge', async () => {
    await charge(1_200);
    await useHistory.getState().load();
    await useHistory.getState().setDay('21/11/2026');
    expect(useHistory.getState().day).toBe(today());
    const [first] = useHistory.getState().rows;
    useHistory.getState().onUpdate({ ...(first as unknown as ChargeView), status: 'CANCELED' });
    expect(useHistory.getState().rows[0]?.status).toBe('CANCELED');
    const before = useHistory.getState().rows;
    useHistory.getState().onUpdate({ ...(first as unknown as ChargeView), id: 'not-listed' });
    expect(useHistory.getState().rows).toBe(before);
  });
});

describe('account store', () => {
  it('reads the balance and the five crypto-fee numbers from the PSP', async () => {
    await useAccount.getState().loadBalance();
    await useAccount.getState().loadFees();
    const s = useAccount.getState();
    expect(s.balanceError).toBeNull();
    expect(s.balance?.fields.length).toBeGreaterThan(0);
    expect(s.feesError).toBeNull();
    expect(Object.keys(s.fees ?? {})).toEqual(
      expect.arrayContaining([
        'withdrawal_rate',
        'rate_fixed',
        'min_withdrawal',
        'max_withdrawal',
        'usdt_rate',
      ]),
    );
  });
});

describe('withdrawals store (owner)', () => {
  it('locked: the service refuses and the store says why in words', async () => {
    await useWithdrawals.getState().load();
    expect(useWithdrawals.getState().error).toBe('Função do proprietário: digite o PIN.');
  });

  it('a wrong key is refused in words; a good one is listed and followed', async () => {
    await useApp.getState().unlock(PIN);
    const bad = await useWithdrawals
      .getState()
      .create({ amountCents: 1000, pixKeyType: 'EMAIL', pixKey: 'not-an-email' });
    expect(bad).toBeNull();
    expect(useWithdrawals.getState().error).toMatch(/Chave PIX inválida/);
    const good = await useWithdrawals
      .getState()
      .create({ amountCents: 1000, pixKeyType: 'EMAIL', pixKey: 'dona@padaria.com.br' });
    expect(good).toEqual(expect.any(String));
    const [w] = useWithdrawals.getState().list;
    expect(w).toMatchObject({ amountCents: 1000, pixKeyType: 'EMAIL' });
    useWithdrawals.getState().onUpdate({ ...w!, status: 'COMPLETED' });
    expect(useWithdrawals.getState().list[0]?.status).toBe('COMPLETED');
    expect(useWithdrawals.getState().list.filter((x) => x.id === w!.id)).toHaveLength(1);
  });
});

describe('infractions store (owner)', () => {
  it('reads a page; a too-short defense is refused in words and nothing is sent', async () => {
    await useApp.getState().unlock(PIN);
    await useInfractions.getState().load(1);
    const items = useInfractions.getState().data?.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    const ok = await useInfractions.getState().defend({
      infractionId: items[0]!.infractionId,
      analise: 'DISAGREED',
      justificativa: 'curta',
      proofs: [],
    });
    expect(ok).toBe(false);
    expect(useInfractions.getState().error).toBe(
      'A justificativa deve ter de 10 a 2000 caracteres.',
    );
    expect(useInfractions.getState().sent).toBeNull();
  });
});

describe('settings store (owner)', () => {
  it('a refused value names its field by label; nothing is saved', async () => {
    await useApp.getState().unlock(PIN);
    await useSettings.getState().load();
    const draft = useSettings.getState().draft!;
    useSettings.getState().edit({ ...draft, charges: { ...draft.charges, expiryMinutes: -5 } });
    await useSettings.getState().save();
    expect(useSettings.getState().message).toBe(
      'Configuração inválida em “Expiração local da cobrança (minutos)”: confira o valor.',
    );
    expect(app.core.settings.get().charges.expiryMinutes).toBe(draft.charges.expiryMinutes);
  });

  it('saving English switches the interface and <html lang>', async () => {
    await useApp.getState().unlock(PIN);
    await useSettings.getState().load();
    const draft = useSettings.getState().draft!;
    useSettings.getState().edit({ ...draft, language: 'en' });
    await useSettings.getState().save();
    expect(document.documentElement.lang).toBe('en');
    expect(useSettings.getState().message).not.toMatch(/Configura/);
    useSettings.getState().edit({ ...useSettings.getState().draft!, language: 'pt-BR' });
    await useSettings.getState().save();
    expect(document.documentElement.lang).toBe('pt-BR');
  });
});
