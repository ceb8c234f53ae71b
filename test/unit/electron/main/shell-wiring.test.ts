// The main process's security wiring, driven through a fake `electron` module: what the real
// Electron would be asked to do, and what a hostile page or a second launch would meet.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_CHANNELS } from '../../../../shared/ipc-contract';
import { CSP } from '../../../../electron/main/security/app-protocol';
import { dataDir } from '../../../../electron/services/data-dir';
import { FakeBrowserWindow, ipcEvent } from '../../../helpers/fake-electron';
import { menuEntries, startHarness } from '../../../helpers/shell-harness';

describe('windows', () => {
  it('every window is isolated, sandboxed, without Node, with web security and no devtools', async () => {
    const h = await startHarness({ settings: { customerDisplay: true } });
    expect(FakeBrowserWindow.all).toHaveLength(2);
    for (const w of FakeBrowserWindow.all) {
      expect(w.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        devTools: false,
        disableBlinkFeatures: 'Auxclick',
        preload: path.join(h.distDir, 'preload', 'index.cjs'),
      });
      expect(w.url.startsWith('app://balcao/index.html')).toBe(true);
    }
    expect(h.fake.app.sandboxed).toBe(true);
  });

  it('refuses navigation, redirects, <webview> and new windows; only allowed https links go out', async () => {
    const h = await startHarness();
    const wc = h.mainWindow()!.webContents;
    expect(wc.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(wc.attempt('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(wc.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(wc.attempt('will-attach-webview', {}, {})).toBe(true);
    const open = (url: string) => wc.windowOpenHandler!({ url });
    for (const url of [
      'https://www.bcb.gov.br/estabilidadefinanceira/pix',
      'https://evil.example/',
      'http://www.bcb.gov.br/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@www.bcb.gov.br/',
    ])
      expect(open(url)).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(h.fake.shell.opened).toEqual(['https://www.bcb.gov.br/estabilidadefinanceira/pix']);
  });
});

describe('IPC', () => {
  it('registers one handler for every contract channel, and no other', async () => {
    const h = await startHarness();
    expect([...h.fake.ipcMain.handlers.keys()].sort()).toEqual([...CALL_CHANNELS].sort());
  });

  it('answers our own page', async () => {
    const h = await startHarness();
    expect(await h.invoke('app:info', {})).toEqual({ ok: true, value: { channel: 'app:info' } });
  });

  it('refuses a foreign page, a subframe and a window that is not ours, before any handler', async () => {
    const h = await startHarness();
    const win = h.mainWindow()!;
    const stranger = new FakeBrowserWindow({});
    stranger.url = 'app://balcao/index.html';
    FakeBrowserWindow.all = FakeBrowserWindow.all.filter((w) => w !== stranger);
    for (const event of [
      ipcEvent(win, { url: 'https://evil.example/index.html' }),
      ipcEvent(win, { url: 'file:///tmp/index.html' }),
      ipcEvent(win, { parent: {} }),
      ipcEvent(stranger),
      { sender: win.webContents, senderFrame: null },
    ]) {
      const r = await h.invoke('credentials:status', {}, event);
      expect(r).toMatchObject({ ok: false, code: 'FORBIDDEN_SENDER' });
    }
    expect(h.calls).toEqual([]);
  });

  it('refuses an invalid payload before any handler runs', async () => {
    const h = await startHarness();
    const r = await h.invoke('charges:create', { amountCents: '12,34' });
    expect(r).toMatchObject({ ok: false, code: 'INVALID_PAYLOAD' });
    expect(await h.invoke('charges:create', { amountCents: 100, extra: 1 })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });
    expect(h.calls).toEqual([]);
  });
});

describe('permissions', () => {
  it('allows exactly the clipboard write, and only to our page', async () => {
    const h = await startHarness();
    const s = h.fake.session.defaultSession;
    expect(await s.request('clipboard-sanitized-write', 'app://balcao/index.html')).toBe(true);
    for (const p of [
      'clipboard-read',
      'notifications',
      'media',
      'geolocation',
      'openExternal',
      'fullscreen',
      'pointerLock',
      'display-capture',
    ])
      expect(await s.request(p, 'app://balcao/index.html')).toBe(false);
    expect(await s.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    const check = s.permissionCheck as (...a: unknown[]) => boolean;
    expect(check(null, 'clipboard-sanitized-write', 'app://balcao')).toBe(true);
    expect(check(null, 'notifications', 'app://balcao')).toBe(false);
    expect((s.devicePermission as () => boolean)()).toBe(false);
  });
});

describe('the app:// protocol', () => {
  it('serves the renderer with the CSP as a header, and nothing outside it', async () => {
    const h = await startHarness();
    expect(h.fake.protocol.privileged).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    const serve = h.fake.protocol.handlers.get('app')!;
    const index = await serve(new Request('app://balcao/index.html'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.headers.get('content-security-policy')).toBe(CSP);
    expect(
      (await serve(new Request('app://balcao/assets/app.js'))).headers.get('content-type'),
    ).toMatch(/javascript/);
    for (const url of [
      'app://balcao/../secret.txt',
      'app://balcao/%2e%2e/secret.txt',
      'app://balcao/..%2fsecret.txt',
      'app://balcao/..%2f..%2fsecret.txt',
      'app://balcao/assets/..%5c..%5csecret.txt',
      'app://other/index.html',
      'app://balcao/missing.js',
    ])
      expect((await serve(new Request(url))).status, url).toBe(404);
  });

  it('has a CSP without eval, remote origins or network access', () => {
    const d = Object.fromEntries(
      CSP.split(';').map((p) => {
        const [k, ...v] = p.trim().split(/\s+/);
        return [k, v.join(' ')];
      }),
    );
    expect(CSP).not.toMatch(/unsafe-eval|https?:|ws:|\*/);
    expect(d['connect-src']).toBe("'none'");
    expect(d['default-src']).toBe("'none'");
    expect(d['script-src']).toBe("'self'");
    expect(d['object-src']).toBe("'none'");
    expect(d['frame-ancestors']).toBe("'none'");
  });
});

describe('one app per PC', () => {
  it('a second launch quits at once and leaves everything to the first', async () => {
    const h = await startHarness({ singleInstance: false });
    expect(h.shell).toBeNull();
    expect(h.fake.app.quitCalls).toBe(1);
    expect(FakeBrowserWindow.all).toHaveLength(0);
    expect(h.fake.ipcMain.handlers.size).toBe(0);
  });

  it('the first one comes to the front when a second is launched', async () => {
    const h = await startHarness();
    const win = h.mainWindow()!;
    win.minimized = true;
    FakeBrowserWindow.focused = null;
    h.fake.app.emit('second-instance', {}, ['balcao'], '/');
    expect(win.minimized).toBe(false);
    expect(FakeBrowserWindow.focused).toBe(win);
  });
});

describe('menu', () => {
  it('has no Reload or DevTools in production', async () => {
    const h = await startHarness();
    const entries = menuEntries(h.fake.Menu.current!.template);
    expect(entries).toEqual(expect.arrayContaining(['copy', 'paste', 'Sair']));
    for (const role of ['reload', 'forceReload', 'toggleDevTools'])
      expect(entries).not.toContain(role);
  });

  it('keeps them with the developer flag', async () => {
    const h = await startHarness({ argv: ['balcao', '--devtools'] });
    expect(menuEntries(h.fake.Menu.current!.template)).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools']),
    );
    expect(h.mainWindow()!.options.webPreferences).toMatchObject({ devTools: true });
  });

  it('follows the language setting at once', async () => {
    const h = await startHarness();
    await h.invoke('settings:update', { patch: { language: 'en' } });
    expect(menuEntries(h.fake.Menu.current!.template)).toContain('Quit');
  });
});

describe('data folder, crashes, quitting', () => {
  it('uses the development host’s data folder, not one named after “Balcão”', async () => {
    const h = await startHarness();
    expect(h.fake.app.paths.userData).toBe(dataDir({ BALCAO_DATA_DIR: h.dataDir }));
    expect(h.fake.app.paths.crashDumps).toBe(path.join(h.dataDir, 'crashes'));
    expect(h.fake.app.logsPath).toBe(path.join(h.dataDir, 'logs'));
    expect(dataDir({ APPDATA: 'C:\\Users\\caixa\\AppData\\Roaming' })).not.toMatch(/Balcão/);
  });

  it('keeps crash reports on this PC', async () => {
    const h = await startHarness();
    expect(h.fake.crashReporter.options).toMatchObject({ uploadToServer: false });
  });

  it('registers the Windows app id (notifications need it)', async () => {
    const h = await startHarness();
    expect(h.fake.app.appUserModelId).toBe('br.com.balcao.app');
  });

  it('stops the services before quitting, once', async () => {
    const h = await startHarness();
    expect(h.lifecycle.started).toBe(1);
    h.fake.app.quit();
    await vi_waitFor(() => h.fake.app.quitCalls === 2);
    expect(h.lifecycle.stopped).toBe(1);
  });
});

async function vi_waitFor(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
}
