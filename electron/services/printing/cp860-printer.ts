import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { cp860Text } from './cp860-text';

/**
 * node-thermal-printer that only ever writes CP860 text: every string it is given (print,
 * println, and the library's own appends) goes through cp860Text first, so the library never
 * finds a character it would select another code page for. Buffers (the QR's `GS ( k` data,
 * commands) pass through untouched.
 */
class Cp860Printer extends ThermalPrinter {
  // Before the library folds the text at the roll's width, so the width counts printed characters.
  override print(text: string): void {
    super.print(cp860Text(text));
  }

  // Line feeds the library adds are kept; the rest of each line is made printable.
  override append(content: string | Buffer): void {
    super.append(
      typeof content === 'string' ? content.split('\n').map(cp860Text).join('\n') : content,
    );
  }
}

/**
 * An ESC/POS job (Epson command set, which Brazilian thermal printers follow) `width` characters
 * wide: ESC @ resets the printer, then ESC t 3 selects CP860 for everything that follows.
 */
export function cp860Printer(width: number): ThermalPrinter {
  const p = new Cp860Printer({
    type: PrinterTypes.EPSON,
    interface: '',
    width,
    characterSet: CharacterSet.PC860_PORTUGUESE,
  });
  p.setBuffer(Buffer.from([0x1b, 0x40]));
  p.setCharacterSet(CharacterSet.PC860_PORTUGUESE);
  return p;
}
