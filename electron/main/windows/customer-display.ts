// The customer-facing window: full screen on a second monitor when there is one, windowed on
// the main screen otherwise; it follows monitors being plugged in or out and the setting, at once.
import type { Electron, ElectronModule } from '../electron-api';

type Display = Pick<Electron.Display, 'id' | 'bounds'>;

/** The first display that is not the primary one, else none. */
export function pickCustomerDisplay(displays: Display[], primary: Display): Display | null {
  return displays.find((d) => d.id !== primary.id) ?? null;
}

export interface Placement {
  bounds: Electron.Rectangle;
  fullscreen: boolean;
}

export function placement(displays: Display[], primary: Display): Placement {
  const target = pickCustomerDisplay(displays, primary);
  if (target) return { bounds: target.bounds, fullscreen: true };
  const p = primary.bounds;
  const width = Math.min(1024, p.width);
  const height = Math.min(768, p.height);
  return {
    bounds: {
      x: p.x + Math.round((p.width - width) / 2),
      y: p.y + Math.round((p.height - height) / 2),
      width,
      height,
    },
    fullscreen: false,
  };
}

export class CustomerDisplay {
  private win: Electron.BrowserWindow | null = null;
  private enabled = false;

  constructor(
    private readonly screen: ElectronModule['screen'],
    private readonly open: (p: Placement) => Electron.BrowserWindow,
  ) {
    const follow = () => this.place();
    screen.on('display-added', follow);
    screen.on('display-removed', follow);
    screen.on('display-metrics-changed', follow);
  }

  /** The setting changed (or the app started): open, move or close the window now. */
  sync(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) {
      this.win?.close();
      this.win = null;
      return;
    }
    if (!this.win) {
      const win = this.open(this.current());
      win.on('closed', () => {
        if (this.win === win) this.win = null;
      });
      this.win = win;
      return;
    }
    this.place();
  }

  window(): Electron.BrowserWindow | null {
    return this.win;
  }

  private current(): Placement {
    return placement(this.screen.getAllDisplays(), this.screen.getPrimaryDisplay());
  }

  private place(): void {
    const win = this.win;
    if (!this.enabled || !win || win.isDestroyed()) return;
    const p = this.current();
    // Leave full screen first: a full-screen window cannot be moved to another monitor.
    if (win.isFullScreen()) win.setFullScreen(false);
    win.setBounds(p.bounds);
    if (p.fullscreen) win.setFullScreen(true);
  }
}
