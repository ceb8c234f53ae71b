import { PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { isReceived } from '../../../shared/domain/day-closing';
import { printerTarget, type PrinterKind } from '../../../shared/domain/printer-target';
import type { ClosingPrint, ReceiptLabels } from '../../../shared/history';
import { err, ok, type Result } from '../../../shared/result';
import type { AppSettings } from '../../../shared/settings';
import { toHistoryRow } from '../history/history-service';
import type { HistoryQuery } from '../ledger/history-query';
import { escposClosing } from './escpos-closing';
import { escposReceipt } from './escpos-receipt';

export interface ReceiptPrinterDeps {
  query: HistoryQuery;
  settings: () => AppSettings;
  /** The development host's `--printer tcp://host:port`: wins over the setting. */
  override?: { kind: PrinterKind; address: string };
  /** Who rang a charge (issue 36), when the shop has operators. */
  operatorOf?: (chargeId: string) => string | undefined;
  timeoutMs?: number;
}

/**
 * Prints a charge's receipt (or the day's closing) on an ESC/POS thermal printer, through node-thermal-printer's own
 * transports (a TCP socket for `tcp://`, a file write for a device path). With the setting on
 * the system dialog it answers PRINTER_NOT_ESCPOS and the renderer opens the dialog instead.
 */
export class ReceiptPrinter {
  constructor(private readonly d: ReceiptPrinterDeps) {}

  target(): { kind: PrinterKind; address: string } {
    const s = this.d.settings().printer;
    return this.d.override ?? { kind: s.kind, address: s.address };
  }

  /** `labels`: the receipt's words in the app's language, from the renderer. */
  async print(
    id: string,
    labels: ReceiptLabels,
  ): Promise<Result<{ printed: true; target: string }>> {
    const target = this.escposTarget();
    if (!target.ok) return target;
    const rec = this.d.query.charge(id);
    if (!rec) return err('not_found', 'CHARGE_NOT_FOUND');
    const charge = toHistoryRow(rec);
    if (!isReceived(charge) && !(charge.brcode && charge.status === 'PENDING'))
      return err('conflict', 'NOTHING_TO_PRINT');
    const s = this.d.settings();
    const operatorName = this.d.operatorOf?.(rec.id);
    const bytes = escposReceipt({
      charge,
      shopName: s.shopName,
      paperWidthMm: s.printer.paperWidthMm,
      labels,
      terminalName: s.terminalName,
      ...(operatorName && { operatorName }),
    });
    return this.send(target.value, bytes);
  }

  /** Fechamento do dia, as the renderer laid it out. */
  async printClosing(doc: ClosingPrint): Promise<Result<{ printed: true; target: string }>> {
    const target = this.escposTarget();
    if (!target.ok) return target;
    return this.send(target.value, escposClosing(doc, this.d.settings().printer.paperWidthMm));
  }

  private escposTarget(): Result<string> {
    const { kind, address } = this.target();
    const target = printerTarget(kind, address);
    if (!target.ok) return target;
    if (target.value === null) return err('conflict', 'PRINTER_NOT_ESCPOS');
    return ok(target.value);
  }

  private async send(
    target: string,
    bytes: Buffer,
  ): Promise<Result<{ printed: true; target: string }>> {
    const device = new ThermalPrinter({
      type: PrinterTypes.EPSON,
      interface: target,
      options: { timeout: this.d.timeoutMs ?? 5000 },
    });
    try {
      await device.raw(bytes);
    } catch {
      return err('unavailable', 'PRINTER_UNAVAILABLE', { params: { printer: target } });
    }
    return ok({ printed: true as const, target });
  }
}
