// Printing the page on screen (the QR or a receipt) from the main process: silently to the
// configured system printer, on paper exactly 58 or 80 mm wide (sizes in microns, as Chromium
// wants them); the system dialog when no printer is configured; a PDF for export.
import { writeFile } from 'node:fs/promises';
import { err, ok, type Result } from '../../../shared/result';
import type { AppSettings } from '../../../shared/settings';
import type { Electron, ElectronModule } from '../electron-api';

const DEFAULT_HEIGHT_MM = 200;

/** A roll's page: its width, and the height the renderer measured (clamped). */
export function rollPageSize(widthMm: 58 | 80, heightMm = DEFAULT_HEIGHT_MM) {
  const h = Math.min(2000, Math.max(20, Math.round(heightMm)));
  return { width: widthMm * 1000, height: h * 1000 };
}

export function silentPrintOptions(
  printer: AppSettings['printer'],
  heightMm?: number,
): Electron.WebContentsPrintOptions {
  return {
    silent: true,
    deviceName: printer.name,
    printBackground: true,
    color: false,
    margins: { marginType: 'none' },
    pageSize: rollPageSize(printer.paperWidthMm, heightMm),
  };
}

export async function printPage(
  wc: Electron.WebContents,
  printer: AppSettings['printer'],
  heightMm?: number,
): Promise<Result<{ printed: boolean }>> {
  const silent = printer.name.trim() !== '';
  if (silent) {
    const printers = await wc.getPrintersAsync();
    if (!printers.some((p) => p.name === printer.name))
      return err('unavailable', 'PRINTER_NOT_FOUND', `Impressora não encontrada: ${printer.name}`);
  }
  const options = silent ? silentPrintOptions(printer, heightMm) : { printBackground: true };
  return new Promise((resolve) =>
    wc.print(options, (success, reason) => {
      if (success) resolve(ok({ printed: true }));
      // Cancelled in the dialog: nothing printed, and nothing wrong.
      else if (!silent && /cancel/i.test(reason)) resolve(ok({ printed: false }));
      else resolve(err('unavailable', 'PRINT_FAILED', `A impressão falhou (${reason}).`));
    }),
  );
}

export async function exportPdf(
  e: Pick<ElectronModule, 'dialog'>,
  win: Electron.BrowserWindow,
  fileName: string,
): Promise<Result<{ saved: boolean }>> {
  const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
  const choice = await e.dialog.showSaveDialog(win, {
    defaultPath: fileName,
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  });
  if (choice.canceled || !choice.filePath) return ok({ saved: false });
  try {
    await writeFile(choice.filePath, pdf);
    return ok({ saved: true });
  } catch {
    return err('unavailable', 'PDF_SAVE_FAILED', 'Não foi possível salvar o PDF.');
  }
}
