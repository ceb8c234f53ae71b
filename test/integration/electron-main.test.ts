// The built main bundle (dist/main/index.cjs, exactly what the installer ships) started under
// Node with the fake `electron` module in place of the real one: real services, the embedded
// DEMO PSP and relay, the real keychain adapter and electron-log. A charge taken through the
// fake ipcMain keeps the display awake until it is paid, and the payment becomes an OS
// notification while the app is not focused.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeElectron, FakeBrowserWindow, ipcEvent } from '../helpers/fake-electron';
import { payer, tempDir } from '../helpers/core';
import { MAIN_BUNDLE, mainBundleOnFake, until } from '../helpers/main-bundle';

const fake = createFakeElectron();
const dataDir = tempDir();

describe('dist/main/index.cjs against a fake electron', () => {
  const main = mainBundleOnFake(fake);

  it('boots, takes a charge, keeps the screen on while it waits, and announces the payment', async () => {
    expect(existsSync(MAIN_BUNDLE)).toBe(true);
    process.env.BALCAO_DATA_DIR = dataDir;
    main.start();

    const win = await until(() => FakeBrowserWindow.all[0]);
    expect(win.url).toBe('app://balcao/index.html');
    expect(fake.app.paths.userData).toBe(dataDir);
    const invoke = (channel: string, payload: unknown) =>
      fake.ipcMain.handlers.get(channel)!(ipcEvent(win), payload) as Promise<{
        ok: boolean;
        value?: { id: string; status: string; mode?: string };
      }>;
    expect((await invoke('app:info', {})).value).toMatchObject({ mode: 'demo', host: 'electron' });

    FakeBrowserWindow.focused = null;
    const created = await invoke('charges:create', { amountCents: 1990, payer });
    expect(created).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    await until(() => fake.powerSaveBlocker.blockers.size === 1);
    expect(win.webContents.sent.map((s) => s.channel)).toContain('charges:updated');

    expect(await invoke('charges:simulatePayment', { id: created.value!.id })).toMatchObject({
      ok: true,
    });
    await until(() => fake.Notification.shown.length === 1);
    expect(fake.Notification.shown[0]!.options.title).toBe('Pagamento recebido');
    await until(() => fake.powerSaveBlocker.blockers.size === 0);
    expect(fake.tray()!.tooltip).toMatch(/^Balcão — /);
    expect(existsSync(path.join(dataDir, 'logs', 'main.log'))).toBe(true);
  });
});
