// The shell's dealings with the OS, through the fake `electron` module: tray, customer display,
// power, notifications, printing, crash recovery and updates.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '../../../../shared/domain/money';
import { FakeBrowserWindow, FakeWebContents } from '../../../helpers/fake-electron';
import { charge, menuEntries, startHarness } from '../../../helpers/shell-harness';

const primary = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } };
const second = { id: 2, bounds: { x: 1920, y: 0, width: 1280, height: 1024 } };

describe('tray', () => {
  it('shows the connection state, follows it, and offers Abrir and Sair', async () => {
    const h = await startHarness();
    const tray = h.fake.tray()!;
    expect(tray.tooltip).toBe('Balcão — Reconectando…');
    const items = () => tray.menu!.template;
    expect(menuEntries(items())).toEqual(['Reconectando…', 'Abrir', 'Sair']);
    h.setConnection({ state: 'connected', since: 1 });
    expect(tray.tooltip).toBe('Balcão — Conectado');
    expect(items()[0]).toMatchObject({ label: 'Conectado', enabled: false });

    h.mainWindow()!.close();
    (items().find((i) => i.label === 'Abrir')!.click as () => void)();
    expect(h.mainWindow()).toBeDefined();
    expect(h.mainWindow()!.shown).toBe(true);

    (items().find((i) => i.label === 'Sair')!.click as () => void)();
    expect(h.fake.app.quitCalls).toBe(1);
  });
});

describe('customer display', () => {
  it('opens full screen on the second of two monitors', async () => {
    const h = await startHarness({
      settings: { customerDisplay: true },
      displays: [primary, second],
    });
    const w = h.customerWindow()!;
    expect(w.url).toBe('app://balcao/index.html#/cliente');
    expect(w.bounds).toEqual(second.bounds);
    expect(w.fullScreen).toBe(true);
    // The cashier's window stays where it was.
    expect(h.mainWindow()!.fullScreen).toBe(false);
  });

  it('opens windowed on the only monitor, and moves when a second one is plugged in or out', async () => {
    const h = await startHarness({ settings: { customerDisplay: true }, displays: [primary] });
    const w = h.customerWindow()!;
    expect(w.fullScreen).toBe(false);
    expect(w.bounds.x).toBeLessThan(1920);
    h.fake.screen.set([primary, second], 'display-added');
    expect(w.bounds).toEqual(second.bounds);
    expect(w.fullScreen).toBe(true);
    h.fake.screen.set([primary], 'display-removed');
    expect(w.fullScreen).toBe(false);
    expect(w.bounds.x + w.bounds.width).toBeLessThanOrEqual(1920);
  });

  it('follows the setting at once, without a restart', async () => {
    const h = await startHarness({ displays: [primary, second] });
    expect(h.customerWindow()).toBeUndefined();
    expect(await h.invoke('settings:update', { patch: { customerDisplay: true } })).toMatchObject({
      ok: true,
    });
    expect(h.customerWindow()!.bounds).toEqual(second.bounds);
    await h.invoke('settings:update', { patch: { customerDisplay: false } });
    expect(h.customerWindow()).toBeUndefined();
  });
});

describe('during a sale', () => {
  it('keeps the display awake while a charge waits, and installs no update on quit', async () => {
    const h = await startHarness();
    const blockers = h.fake.powerSaveBlocker.blockers;
    expect(blockers.size).toBe(0);
    expect(h.updater.autoInstallOnAppQuit).toBe(true);
    h.events.emit('charges:updated', charge('a', 'PENDING'));
    expect([...blockers.values()]).toEqual(['prevent-display-sleep']);
    expect(h.updater.autoInstallOnAppQuit).toBe(false);
    h.events.emit('charges:updated', charge('b', 'UNCERTAIN'));
    h.events.emit('charges:updated', charge('a', 'PAID'));
    expect(blockers.size).toBe(1);
    h.events.emit('charges:updated', charge('b', 'EXPIRED'));
    expect(blockers.size).toBe(0);
    expect(h.updater.autoInstallOnAppQuit).toBe(true);
  });

  it('downloads updates in the background and never restarts the app itself', async () => {
    const h = await startHarness();
    expect(h.updater.autoDownload).toBe(true);
    expect(h.updater.checks).toBe(1);
    h.events.emit('charges:updated', charge('a', 'PENDING'));
    h.updater.listeners.get('update-downloaded')!({ version: '9.9.9' });
    h.updater.listeners.get('error')!(new Error('offline'));
    expect(h.updater.quitAndInstallCalls).toBe(0);
    expect(h.fake.app.quitCalls).toBe(0);
    expect(h.logged.map((l) => String(l.args[0]))).toEqual(
      expect.arrayContaining([
        'update downloaded; installs when the app quits',
        'update check failed',
      ]),
    );
  });
});

describe('payment notifications', () => {
  it('tells the cashier of a payment when the app is not focused, once per charge', async () => {
    const h = await startHarness();
    FakeBrowserWindow.focused = null;
    h.events.emit('charges:updated', charge('a', 'PENDING', 4990));
    expect(h.fake.Notification.shown).toHaveLength(0);
    h.events.emit('charges:updated', charge('a', 'PAID', 4990));
    h.events.emit('charges:updated', charge('a', 'PAID', 4990));
    expect(h.fake.Notification.shown.map((n) => n.options)).toEqual([
      { title: 'Pagamento recebido', body: `${formatBRL(4990)} — Caixa 1` },
    ]);
    // A late payment on a charge given up is news too.
    h.events.emit('charges:updated', { ...charge('b', 'EXPIRED', 100), flags: ['LATE_PAYMENT'] });
    expect(h.fake.Notification.shown).toHaveLength(2);
    // Clicking it brings the cashier's window forward.
    h.fake.Notification.shown[0]!.emit('click');
    expect(FakeBrowserWindow.focused).toBe(h.mainWindow());
  });

  it('a payment of another amount is never news of a plain payment: it says both amounts', async () => {
    const h = await startHarness();
    FakeBrowserWindow.focused = null;
    h.events.emit('charges:updated', {
      ...charge('c', 'PAID_DIFFERENT_AMOUNT', 5678),
      receivedCents: 1,
    });
    expect(h.fake.Notification.shown.map((n) => n.options)).toEqual([
      {
        title: 'Pago com valor diferente',
        body: `Cobrado ${formatBRL(5678)}, recebido ${formatBRL(1)} — Caixa 1`,
      },
    ]);
  });

  it('stays quiet while the cashier is looking at the app', async () => {
    const h = await startHarness();
    FakeBrowserWindow.focused = h.mainWindow()!;
    h.events.emit('charges:updated', charge('a', 'PAID'));
    expect(h.fake.Notification.shown).toHaveLength(0);
  });
});

describe('printing', () => {
  it('prints silently to the configured printer on 58 mm paper, sized in microns', async () => {
    const h = await startHarness({
      settings: { printer: { name: 'Termica_80', paperWidthMm: 58, kind: 'system', address: '' } },
    });
    const r = await h.invoke('print:page', { heightMm: 120 });
    expect(r).toEqual({ ok: true, value: { printed: true } });
    expect(h.mainWindow()!.webContents.printCalls).toEqual([
      expect.objectContaining({
        silent: true,
        deviceName: 'Termica_80',
        margins: { marginType: 'none' },
        pageSize: { width: 58000, height: 120000 },
      }),
    ]);
  });

  it('opens the system dialog when no printer is set; a cancel is not an error', async () => {
    const h = await startHarness();
    const wc = h.mainWindow()!.webContents;
    wc.printResult = [false, 'Print job canceled'];
    expect(await h.invoke('print:page', {})).toEqual({ ok: true, value: { printed: false } });
    expect(wc.printCalls[0]).not.toHaveProperty('silent');
  });

  it('says so when the configured printer is not installed or fails', async () => {
    const h = await startHarness({
      settings: { printer: { name: 'Sumiu', paperWidthMm: 80, kind: 'system', address: '' } },
    });
    expect(await h.invoke('print:page', {})).toMatchObject({
      ok: false,
      code: 'PRINTER_NOT_FOUND',
    });
    const h2 = await startHarness({
      settings: { printer: { name: 'Termica_80', paperWidthMm: 80, kind: 'system', address: '' } },
    });
    h2.mainWindow()!.webContents.printResult = [false, 'Print job failed'];
    expect(await h2.invoke('print:page', {})).toMatchObject({ ok: false, code: 'PRINT_FAILED' });
  });

  it('exports the page as a PDF where the user chose', async () => {
    const h = await startHarness();
    const file = path.join(h.root, 'fechamento.pdf');
    h.fake.dialog.savePath = file;
    expect(await h.invoke('print:pdf', { fileName: 'fechamento.pdf' })).toEqual({
      ok: true,
      value: { saved: true },
    });
    expect(readFileSync(file, 'utf8')).toContain('%PDF');
    h.fake.dialog.savePath = '';
    expect(await h.invoke('print:pdf', { fileName: 'x.pdf' })).toEqual({
      ok: true,
      value: { saved: false },
    });
    expect(await h.invoke('print:pdf', { fileName: '../../x.pdf' })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });
  });
});

describe('crashes', () => {
  it('reloads a crashed renderer (the charge lives in the ledger), but not in a loop', async () => {
    const h = await startHarness();
    const wc = h.mainWindow()!.webContents as FakeWebContents;
    wc.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(wc.reloads).toBe(0);
    for (let i = 0; i < 5; i++)
      wc.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(wc.reloads).toBe(3);
    expect(h.logged.filter((l) => l.args[0] === 'render-process-gone')).toHaveLength(6);
  });

  it('logs uncaught errors, rejections and child-process deaths instead of dying', async () => {
    const h = await startHarness();
    h.redactor.add('segredo-do-cliente');
    h.process.emit('uncaughtException', new Error('boom'));
    h.process.emit('unhandledRejection', new Error('nope'));
    h.fake.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 9 });
    expect(h.logged.map((l) => `${l.level} ${String(l.args[0])}`)).toEqual(
      expect.arrayContaining([
        'error uncaughtException',
        'error unhandledRejection',
        'warn child-process-gone',
      ]),
    );
  });
});

describe('Abrir ao ligar o computador', () => {
  it('registers the login item on Windows from the setting, and follows a change at once', async () => {
    const h = await startHarness({ platform: 'win32', settings: { openAtLogin: true } });
    expect(h.fake.app.getLoginItemSettings().openAtLogin).toBe(true);
    expect(await h.invoke('settings:update', { patch: { openAtLogin: false } })).toMatchObject({
      ok: true,
    });
    expect(h.fake.app.getLoginItemSettings().openAtLogin).toBe(false);
    // Saving other settings does not touch it again.
    const calls = h.fake.app.loginItemCalls;
    await h.invoke('settings:update', { patch: { customerDisplay: false } });
    expect(h.fake.app.loginItemCalls).toBe(calls);
  });

  it('is off by default, and left alone on Linux (no login items there)', async () => {
    const win = await startHarness({ platform: 'win32' });
    expect(win.fake.app.getLoginItemSettings().openAtLogin).toBe(false);
    const linux = await startHarness({ platform: 'linux', settings: { openAtLogin: true } });
    expect(linux.fake.app.loginItemCalls).toBe(0);
  });
});
