import { err, ok, type Result } from '../result';

/**
 * The printer setting: the system dialog (any printer the OS knows), or an ESC/POS thermal
 * printer the app writes to directly — on the network (`host:porta`, 9100 by default) or as a
 * file/device (`/dev/usb/lp0`, `\\PC\Impressora` for a Windows shared printer).
 */
export const PRINTER_KINDS = ['system', 'escpos-network', 'escpos-file'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

export const DEFAULT_ESCPOS_PORT = 9100;

const bad = (code: string, message: string) =>
  err('validation', code, message, { field: 'printer.address' });

/** The target as node-thermal-printer's `interface` string (`tcp://host:port` or a path). */
export function printerTarget(kind: PrinterKind, address: string): Result<string | null> {
  if (kind === 'system') return ok(null);
  const a = address.trim();
  if (kind === 'escpos-file') {
    if (!a)
      return bad('PRINTER_PATH_EMPTY', 'Informe o caminho da impressora (ex.: /dev/usb/lp0).');
    if (/^tcp:\/\//i.test(a) || /^printer:/i.test(a))
      return bad('PRINTER_PATH_INVALID', 'Informe um caminho de arquivo ou dispositivo.');
    return ok(a);
  }
  const m = /^(?:tcp:\/\/)?(\[[0-9a-f:]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?\/?$/i.exec(a);
  const port = m?.[2] === undefined ? DEFAULT_ESCPOS_PORT : Number(m[2]);
  if (!m || port < 1 || port > 65535)
    return bad('PRINTER_ADDRESS_INVALID', 'Use host:porta (ex.: 192.168.0.50:9100).');
  return ok(`tcp://${m[1]}:${port}`);
}
