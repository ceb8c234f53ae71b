// Printing the page on screen: in the Electron app the main process prints it (silently to the
// configured printer, else with the system dialog); where the host cannot (the development
// host in a browser), the browser's own print.
import type { Result } from '../shared/result';
import { bridge } from './bridge';

export async function printPage(heightMm?: number): Promise<Result<{ printed: boolean }>> {
  const r = await bridge().print.page(heightMm ? { heightMm } : {});
  if (!r.ok && r.code === 'PRINT_UNAVAILABLE') {
    window.print();
    return { ok: true, value: { printed: true } };
  }
  return r;
}
