import { describe, expect, it } from 'vitest';
import { printerTarget } from '../../../../shared/domain/printer-target';

describe('printer setting → target', () => {
  it('a network printer: host, host:port or tcp://host:port; port 9100 by default', () => {
    expect(printerTarget('escpos-network', '192.168.0.50')).toEqual({
      ok: true,
      value: 'tcp://192.168.0.50:9100',
    });
    expect(printerTarget('escpos-network', ' termica.local:9101 ')).toMatchObject({
      value: 'tcp://termica.local:9101',
    });
    expect(printerTarget('escpos-network', 'tcp://127.0.0.1:4000')).toMatchObject({
      value: 'tcp://127.0.0.1:4000',
    });
  });

  it.each(['', 'impressora:99999', 'http://x', '1.2.3.4:0', 'a b'])(
    'refuses %j with a field and a code',
    (address) => {
      expect(printerTarget('escpos-network', address)).toMatchObject({
        ok: false,
        code: 'PRINTER_ADDRESS_INVALID',
        field: 'printer.address',
      });
    },
  );

  it('a device or file path, including a Windows shared printer; the system dialog has none', () => {
    expect(printerTarget('escpos-file', '/dev/usb/lp0')).toEqual({
      ok: true,
      value: '/dev/usb/lp0',
    });
    expect(printerTarget('escpos-file', '\\\\localhost\\Termica')).toMatchObject({ ok: true });
    expect(printerTarget('escpos-file', '')).toMatchObject({ code: 'PRINTER_PATH_EMPTY' });
    expect(printerTarget('escpos-file', 'tcp://1.2.3.4')).toMatchObject({
      code: 'PRINTER_PATH_INVALID',
    });
    expect(printerTarget('system', 'anything')).toEqual({ ok: true, value: null });
  });
});
