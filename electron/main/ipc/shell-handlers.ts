import { ok } from '../../../shared/result';
import type { AppSettings } from '../../../shared/settings';
import type { Handlers } from '../../services/ipc-dispatch';
import type { Electron, ElectronModule } from '../electron-api';
import type { ShellLog } from '../os/crash';
import { exportPdf, printPage } from '../os/print';
import { withoutRestoreArg } from '../os/restore-arg';
import { isSendLink } from '../security/external-links';

export interface ShellHandlersDeps {
  e: ElectronModule;
  handlers: Handlers;
  argv: readonly string[];
  log: ShellLog;
  settings: () => AppSettings;
  /** The cashier's window while it is open. */
  cashier: () => Electron.BrowserWindow | null;
  /** Saved settings that the shell shows itself (customer display, open at login, menu). */
  applySettings: (s: AppSettings) => void;
}

/** The services' handlers, with the calls only the shell can answer (windows, printing, quit). */
export function shellHandlers(d: ShellHandlersDeps): Handlers {
  const { e, handlers } = d;
  return {
    ...handlers,
    'settings:update': async (i) => {
      const r = await handlers['settings:update'](i);
      if (r.ok) d.applySettings(r.value);
      return r;
    },
    // What is printed is the cashier's page (the QR or a receipt on screen).
    'print:page': (i) => {
      const wc = d.cashier()?.webContents;
      return wc ? printPage(wc, d.settings().printer, i.heightMm) : ok({ printed: false });
    },
    // Owner only (the services' handler checks), then closed the usual way (the services stop,
    // the ledger closes) and opened again; a restore chosen in Configurações applies then.
    // Not with `--restaurar` again: that copy is already in place.
    'app:relaunch': async (i) => {
      const r = await handlers['app:relaunch'](i);
      if (!r.ok) return r;
      d.log.info('relaunch asked by the owner');
      e.app.relaunch({ args: withoutRestoreArg(d.argv.slice(1)) });
      setImmediate(() => e.app.quit()); // after the reply has gone
      return ok({ relaunching: true });
    },
    // Enviar cobrança: WhatsApp (app or web) or the mail client, through the OS.
    'charges:share': async (i) => {
      const r = await handlers['charges:share'](i);
      if (!r.ok || !isSendLink(r.value.url)) return r;
      try {
        await e.shell.openExternal(r.value.url);
        return ok({ ...r.value, opened: true });
      } catch (error) {
        d.log.warn('send link not opened', { via: i.via, error });
        return r;
      }
    },
    // The backup folder, picked in the OS's dialog (owner only: the services' handler checks);
    // the services check it again when it is saved (exists, writable).
    'backups:chooseFolder': async (i) => {
      const r = await handlers['backups:chooseFolder'](i);
      if (!r.ok) return r;
      const w = d.cashier();
      const options: Electron.OpenDialogOptions = {
        properties: ['openDirectory', 'createDirectory'],
      };
      const choice = await (w
        ? e.dialog.showOpenDialog(w, options)
        : e.dialog.showOpenDialog(options));
      return ok({ offered: true, folder: choice.canceled ? null : (choice.filePaths[0] ?? null) });
    },
    'print:pdf': (i) => {
      const w = d.cashier();
      return w ? exportPdf(e, w, i.fileName) : ok({ saved: false });
    },
  };
}
