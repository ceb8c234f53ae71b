import { afterEach, describe, expect, it } from 'vitest';
import { FakeBrowserWindow } from '../../../helpers/fake-electron';
import { charge, startHarness } from '../../../helpers/shell-harness';

// `balcao://cobrar?valor=…&ref=…` against the fake `electron`: registered, handed over by a
// second launch (Windows, Linux) or `open-url` (macOS), and delivered to the Caixa's page once
// it has loaded, as the amount to fill. Nothing is charged by a link.
afterEach(() => {
  FakeBrowserWindow.all = [];
  FakeBrowserWindow.focused = null;
});

const prefills = (h: Awaited<ReturnType<typeof startHarness>>) =>
  h.mainWindow()!.webContents.sent.filter((m) => m.channel === 'pdv:prefill');

describe('the balcao:// link', () => {
  it('is registered with the OS at start', async () => {
    const h = await startHarness();
    expect(h.fake.app.protocolClients).toEqual(['balcao']);
  });

  it('a launch by a link fills the amount once the page has loaded', async () => {
    const h = await startHarness({ argv: ['balcao', 'balcao://cobrar?valor=12.34&ref=nf-77'] });
    expect(prefills(h)).toEqual([]); // the page is not listening yet
    h.mainWindow()!.webContents.emit('did-finish-load');
    expect(prefills(h)).toEqual([
      { channel: 'pdv:prefill', payload: { amountCents: 1234, reference: 'nf-77' } },
    ]);
    expect(h.calls.some((c) => c.channel === 'charges:create')).toBe(false);
  });

  it('a second launch with a link brings Balcão forward with that amount', async () => {
    const h = await startHarness();
    const win = h.mainWindow()!;
    win.webContents.emit('did-finish-load');
    win.minimized = true;
    FakeBrowserWindow.focused = null;
    h.fake.app.emit('second-instance', {}, ['balcao.exe', 'balcao://cobrar?valor=5,00'], '/');
    expect(FakeBrowserWindow.focused).toBe(win);
    expect(prefills(h).map((m) => m.payload)).toEqual([{ amountCents: 500 }]);
  });

  it('macOS open-url is handled; a link that is not a valid charge fills nothing', async () => {
    const h = await startHarness({ platform: 'darwin' });
    h.mainWindow()!.webContents.emit('did-finish-load');
    let prevented = false;
    h.fake.app.emit(
      'open-url',
      { preventDefault: () => (prevented = true) },
      'balcao://cobrar?valor=0',
    );
    h.fake.app.emit('open-url', { preventDefault: () => {} }, 'balcao://cobrar?valor=1&ref=a%20b');
    expect(prevented).toBe(true);
    expect(prefills(h)).toEqual([]);
    h.fake.app.emit('open-url', { preventDefault: () => {} }, 'balcao://cobrar?valor=0.99');
    expect(prefills(h).map((m) => m.payload)).toEqual([{ amountCents: 99 }]);
  });

  it("a PDV's sale brings the Caixa to the front too", async () => {
    const h = await startHarness();
    const win = h.mainWindow()!;
    win.minimized = true;
    FakeBrowserWindow.focused = null;
    h.events.emit('pdv:sale', { charge: charge('p1', 'PENDING'), reference: 'PDV 7' });
    expect(win.minimized).toBe(false);
    expect(FakeBrowserWindow.focused).toBe(win);
  });
});
