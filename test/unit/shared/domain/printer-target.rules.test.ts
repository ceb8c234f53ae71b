import { describe, expect, it } from 'vitest';
import { printerTarget } from '../../../../shared/domain/printer-target';
import { refused } from './refused';

// The thermal printer's address, as the owner types it in Configurações.
describe('a network printer’s address', () => {
  it('the highest port is allowed, one more is not', () => {
    expect(printerTarget('escpos-network', 'termica:65535')).toEqual({
      ok: true,
      value: 'tcp://termica:65535',
    });
    expect(printerTarget('escpos-network', 'termica:65536')).toMatchObject({ ok: false });
    expect(printerTarget('escpos-network', 'termica:1')).toMatchObject({
      value: 'tcp://termica:1',
    });
  });

  it('an IPv6 address in brackets, a trailing slash, TCP:// in capitals', () => {
    expect(printerTarget('escpos-network', '[fe80::1]:9101')).toMatchObject({
      value: 'tcp://[fe80::1]:9101',
    });
    expect(printerTarget('escpos-network', 'TCP://Termica.local/')).toMatchObject({
      value: 'tcp://Termica.local:9100',
    });
  });

  it('a path, a port of six digits, or anything around the address is refused', () => {
    for (const a of ['termica/fila', 'termica:123456', 'x termica', 'termica:91 00', 'tcp://'])
      expect(printerTarget('escpos-network', a)).toEqual(
        refused('PRINTER_ADDRESS_INVALID', 'printer.address'),
      );
  });
});

describe('a printer as a file or device', () => {
  it('spaces around the path are dropped', () => {
    expect(printerTarget('escpos-file', ' /dev/usb/lp0 ')).toEqual({
      ok: true,
      value: '/dev/usb/lp0',
    });
  });

  it('a network address or a driver name (printer:…) typed as a path is refused, in any case', () => {
    for (const a of ['TCP://1.2.3.4', 'printer:Termica', 'PRINTER:Termica'])
      expect(printerTarget('escpos-file', a)).toEqual(
        refused('PRINTER_PATH_INVALID', 'printer.address'),
      );
  });

  it('a path that merely contains those words is a path', () => {
    expect(printerTarget('escpos-file', '/dev/printer:1')).toMatchObject({ ok: true });
    expect(printerTarget('escpos-file', '/tmp/tcp://x')).toMatchObject({ ok: true });
  });

  it('a path of spaces is empty', () => {
    expect(printerTarget('escpos-file', '   ')).toMatchObject({ code: 'PRINTER_PATH_EMPTY' });
  });
});
