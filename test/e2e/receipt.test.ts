import jsQR from 'jsqr';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { ARTIFACTS } from '../helpers/browser';
import { tempDir } from '../helpers/core';
import { fakePrinter } from '../helpers/fake-printer';
import { typeSale } from '../helpers/cashier';
import { settingsSection } from '../helpers/screens';

// The printed receipt as Chromium prints it (page.pdf uses the print stylesheet, like the system
// dialog and Electron's printToPDF), rasterised by pdftoppm at a known DPI and measured in mm.
const DPI = 300;
const mm = (px: number) => (px * 25.4) / DPI;

const app = appPerFile();

async function usePaper(width: 58 | 80) {
  expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
  const r = await app.host.call('settings:update', { patch: { printer: { paperWidthMm: width } } });
  expect(r.ok).toBe(true);
  await app.page.reload();
  await app.page.getByLabel('Valor').waitFor();
}

/** Esc starts over (a pending charge may first ask to be canceled). */
async function startOver() {
  const charging = app.page.getByRole('button', { name: 'Cobrar' });
  if (await charging.isEnabled()) return;
  await app.page.keyboard.press('Escape');
  const confirm = app.page.getByRole('button', { name: 'Sim, cancelar' });
  await expect
    .poll(async () => (await confirm.count()) > 0 || (await charging.isEnabled()))
    .toBe(true);
  if (await confirm.count()) await confirm.click();
  await expect.poll(() => charging.isEnabled()).toBe(true);
}

async function charge(digits: string): Promise<string> {
  await startOver();
  await typeSale(app.page, digits);
  await app.page.getByRole('button', { name: 'Cobrar' }).click();
  await app.page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
  return (await app.page.getByTestId('pix-copia-e-cola').textContent())!;
}

/** Prints the page to PDF and rasterises its first page: the PNG and the PDF's text. */
async function printed(name: string) {
  await pageFitsReceipt();
  const dir = tempDir('balcao-receipt-');
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, await app.page.pdf({ preferCSSPageSize: true, printBackground: true }));
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', pdf, path.join(dir, name)]);
  const png = PNG.sync.read(readFileSync(path.join(dir, `${name}.png`)));
  writeFileSync(path.join(ARTIFACTS, `recibo-${name}.png`), PNG.sync.write(png));
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
  return { png, text, pages };
}

/** The longest horizontal run of dark pixels on any row (the 50 mm test bar). */
function longestDarkRun(png: PNG): number {
  let best = 0;
  for (let y = 0; y < png.height; y++) {
    let run = 0;
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const dark = png.data[i]! < 100 && png.data[i + 1]! < 100 && png.data[i + 2]! < 100;
      run = dark ? run + 1 : 0;
      if (run > best) best = run;
    }
  }
  return best;
}

/** Adds a 50 mm black bar to the printed receipt: what a technician prints to check the scale. */
async function addTestBar() {
  await app.page.evaluate(() => {
    const bar = document.createElement('div');
    bar.style.cssText = 'width:50mm;height:3mm;background:#000;margin:1mm auto';
    document.querySelector('.print-area .receipt')!.prepend(bar);
  });
  await pageFitsReceipt();
}

/** Waits for the print area's `@page` height to catch up with its content (a ResizeObserver). */
const pageFitsReceipt = () =>
  expect
    .poll(() =>
      app.page.evaluate(() => {
        const area = document.querySelector<HTMLElement>('.print-area')!;
        const contentMm = area.getBoundingClientRect().height / (96 / 25.4);
        return Number(area.dataset.heightMm) >= contentMm;
      }),
    )
    .toBe(true);

/** The smallest font size (pt) of any text in the printed receipt. */
const smallestTextPt = () =>
  app.page.evaluate(() => {
    let min = Infinity;
    for (const el of document.querySelectorAll('.print-area .receipt *')) {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())) continue;
      min = Math.min(min, (parseFloat(getComputedStyle(el).fontSize) * 72) / 96);
    }
    return min;
  });

describe.each([58, 80] as const)('receipt on %i mm paper, printed at 100 %%', (width) => {
  it('page as wide as the roll; 50 mm bar measures 50 mm; QR decodes to the code and is ≥ 30 mm; text ≥ 8 pt', async () => {
    await usePaper(width);
    const code = await charge('4321');
    await addTestBar();
    expect(await smallestTextPt()).toBeGreaterThanOrEqual(8);
    const { png, text, pages } = await printed(`${width}mm`);
    expect(pages).toBe(1);

    expect(mm(png.width)).toBeGreaterThan(width - 1);
    expect(mm(png.width)).toBeLessThan(width + 1);
    const bar = mm(longestDarkRun(png));
    expect(bar).toBeGreaterThanOrEqual(49);
    expect(bar).toBeLessThanOrEqual(51);

    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe(code);
    const side = mm(qr!.location.topRightCorner.x - qr!.location.topLeftCorner.x);
    expect(side).toBeGreaterThanOrEqual(30);
    expect(side).toBeLessThanOrEqual(width - 4);
    // The code is printed whole (wrapped), with its expiry time and the charge id.
    expect(text.replace(/\s/g, '')).toContain(code.replace(/\s/g, ''));
    expect(text).toMatch(/Válido até\s+\d{2}\/\d{2}\/\d{4}/);
    expect(text).toMatch(/ID da cobrança\s+blc_/);
  });
});

describe('the paid receipt (Comprovante)', () => {
  it('shows the paid time and the PSP id, no QR', async () => {
    await usePaper(80);
    await charge('1500');
    const latest = (
      (await app.sb.control('GET', '/charges')).body as Array<{ id: string; status: string }>
    ).at(-1)!;
    await app.sb.control('POST', `/charges/${latest.id}/pay`);
    await app.page
      .getByRole('status')
      .filter({ hasText: /^Pago$/ })
      .waitFor();
    const { png, text } = await printed('comprovante');
    expect(text).toContain('Comprovante de pagamento PIX');
    expect(text).toMatch(/Pago em\s+\d{2}\/\d{2}\/\d{4}/);
    expect(text.replace(/\s/g, '')).toContain(latest.id);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)).toBeNull();
  });
});

describe('Imprimir with an ESC/POS network printer configured', () => {
  it('is set up in Configurações and prints the QR to the printer, no dialog', async () => {
    const printer = await fakePrinter();
    const { jobs, port } = printer;
    try {
      expect((await app.host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
      await app.page.getByRole('button', { name: 'Configurações', exact: true }).click();
      await settingsSection(app.page, 'Impressora');
      await app.page.getByLabel('Tipo de impressora').selectOption('escpos-network');
      const address = app.page.getByLabel('Endereço da impressora (host:porta)');
      await address.fill('impressora:99999');
      await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
      await app.page.getByRole('status').filter({ hasText: 'host:porta' }).waitFor();
      await address.fill(`127.0.0.1:${port}`);
      await app.page.getByRole('button', { name: 'Salvar configurações' }).click();
      await app.page.getByRole('status').filter({ hasText: 'Configurações salvas.' }).waitFor();
      await app.page.getByRole('button', { name: 'Caixa' }).click();
      const code = await charge('2990');
      let dialogs = 0;
      await app.page.exposeFunction('__countPrintDialog', () => dialogs++);
      await app.page.evaluate(() => {
        window.print = () =>
          (window as unknown as { __countPrintDialog(): void }).__countPrintDialog();
      });
      await app.page.getByRole('button', { name: 'Imprimir' }).click();
      await expect.poll(() => jobs.length).toBe(1);
      expect(jobs[0]!.includes(Buffer.from(code, 'latin1'))).toBe(true);
      // The receipt's words come from the renderer, in the app's language (Portuguese here).
      expect(jobs[0]!.includes(Buffer.from('PIX copia e cola:', 'latin1'))).toBe(true);
      expect(jobs[0]!.includes(Buffer.from([0x1d, 0x56, 0x00]))).toBe(true);
      expect(dialogs).toBe(0);
    } finally {
      await app.host.call('settings:update', { patch: { printer: { kind: 'system' } } });
      await printer.close();
    }
  });
});
