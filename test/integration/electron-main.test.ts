// The built main bundle (dist/main/index.cjs, exactly what the installer ships) started under
// Node with the fake `electron` module in place of the real one: real services, the embedded
// DEMO PSP and relay, the real keychain adapter and electron-log. A charge taken through the
// fake ipcMain keeps the display awake until it is paid, and the payment becomes an OS
// notification while the app is not focused.
import { existsSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeElectron, FakeBrowserWindow, ipcEvent } from '../helpers/fake-electron';
import { payer, tempDir } from '../helpers/core';

const root = path.resolve(import.meta.dirname, '../..');
const fake = createFakeElectron();
const dataDir = tempDir();

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const mod = Module as unknown as { _load: Loader };
const originalLoad = mod._load;

async function until<T>(what: () => T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('dist/main/index.cjs against a fake electron', () => {
  const env = { ...process.env };
  afterAll(async () => {
    fake.app.quit();
    await until(() => fake.app.quitCalls >= 2);
    mod._load = originalLoad;
    process.env = env;
  });

  it('boots, takes a charge, keeps the screen on while it waits, and announces the payment', async () => {
    expect(existsSync(path.join(root, 'dist/main/index.cjs'))).toBe(true);
    process.env.BALCAO_DATA_DIR = dataDir;
    mod._load = function (request, parent, isMain) {
      if (request === 'electron') return fake;
      return originalLoad.call(this, request, parent, isMain);
    };
    createRequire(import.meta.url)(path.join(root, 'dist/main/index.cjs'));

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
