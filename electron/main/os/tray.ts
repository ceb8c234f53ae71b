// The tray icon: the connection state at a glance, `Abrir` and `Sair`.
import type { ConnectionStatus } from '../../../shared/views';
import type { Electron, ElectronModule } from '../electron-api';
import type { ShellTexts } from '../texts';

export interface TrayDeps {
  e: Pick<ElectronModule, 'Tray' | 'Menu' | 'nativeImage'>;
  iconPath: string;
  texts(): ShellTexts;
  onOpen(): void;
  onQuit(): void;
}

export function createTray(d: TrayDeps, initial: ConnectionStatus) {
  const icon = d.e.nativeImage.createFromPath(d.iconPath).resize({ width: 16, height: 16 });
  const tray: Electron.Tray = new d.e.Tray(icon);
  let connection = initial;
  const render = () => {
    const t = d.texts();
    const state = t.connection[connection.state];
    tray.setToolTip(`${t.app} — ${state}`);
    tray.setContextMenu(
      d.e.Menu.buildFromTemplate([
        { label: state, enabled: false },
        { type: 'separator' },
        { label: t.open, click: () => d.onOpen() },
        { label: t.quit, click: () => d.onQuit() },
      ]),
    );
  };
  tray.on('click', () => d.onOpen());
  render();
  return {
    setConnection(c: ConnectionStatus) {
      connection = c;
      render();
    },
    /** The language changed. */
    refresh: render,
    destroy: () => tray.destroy(),
  };
}
