// "Abrir ao ligar o computador": the OS starts Balcão at login (a counter PC is switched on and
// the app is there). Electron's login items exist on macOS and Windows only; on Linux this does
// nothing (README: an autostart .desktop entry there).
import type { ElectronModule } from '../electron-api';

export function syncOpenAtLogin(
  app: ElectronModule['app'],
  platform: NodeJS.Platform,
  on: boolean,
) {
  if (platform !== 'win32' && platform !== 'darwin') return;
  // Only when it differs, so a user's own change in the OS is not rewritten at every save.
  if (app.getLoginItemSettings().openAtLogin === on) return;
  app.setLoginItemSettings({ openAtLogin: on });
}
