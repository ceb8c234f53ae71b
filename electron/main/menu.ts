// The application menu. In production it has no Reload (it would drop the charge on screen) and
// no DevTools; the developer flag (`--devtools` or BALCAO_DEVTOOLS=1) brings both back.
import type { Electron } from './electron-api';
import type { ShellTexts } from './texts';

type Item = Electron.MenuItemConstructorOptions;

export function isDeveloperMode(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--devtools') || env.BALCAO_DEVTOOLS === '1';
}

export function menuTemplate(o: {
  dev: boolean;
  texts: ShellTexts;
  platform: NodeJS.Platform;
  onQuit(): void;
}): Item[] {
  const t = o.texts;
  const quit: Item = { label: t.quit, accelerator: 'CmdOrCtrl+Q', click: () => o.onQuit() };
  const app: Item[] =
    o.platform === 'darwin'
      ? [
          {
            label: t.app,
            submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, quit],
          },
        ]
      : [{ label: t.app, submenu: [quit] }];
  const view: Item[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const developer: Item[] = o.dev
    ? [
        {
          label: t.developer,
          submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
        },
      ]
    : [];
  return [
    ...app,
    {
      label: t.edit,
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: t.view, submenu: view },
    { label: t.window, submenu: [{ role: 'minimize' }, { role: 'close' }] },
    ...developer,
  ];
}
