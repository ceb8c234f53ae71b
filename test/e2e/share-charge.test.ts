import jsQR from 'jsqr';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerFile, OWNER_PIN } from '../helpers/app-session';
import { ARTIFACTS, shot } from '../helpers/browser';
import { startOver, typeSale } from '../helpers/cashier';
import { tempDir } from '../helpers/core';
import { LOOKED_AT } from '../helpers/visual';

// Enviar cobrança (issue 37) as a cashier does it in Chromium through the development host: the
// link the host would open (it prints it: `abrir: <url>`), the QR image on the clipboard and the
// A4 sheet, each read back as the payer's phone would read it.
const app = appPerFile();
const DPI = 200;

async function charge(page: Page, digits: string, description?: string): Promise<string> {
  await startOver(page);
  await typeSale(page, digits);
  if (description) await page.getByLabel('Descrição').fill(description);
  await page.getByRole('button', { name: 'Cobrar' }).click();
  await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
  return (await page.getByTestId('pix-copia-e-cola').textContent())!;
}

async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Enviar cobrança' }).click();
  const dialog = page.getByRole('dialog', { name: /Enviar cobrança de/ });
  await dialog.waitFor();
  return dialog;
}

/** The links the host was asked to open, in order. */
const opened = () => [...app.host.output().matchAll(/^abrir: (\S+)$/gm)].map((m) => m[1]!);

function decodePng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** The image on the clipboard, as a chat or a mail program gets it when the cashier pastes. */
async function clipboardQr(page: Page): Promise<string | null> {
  const b64 = await page.evaluate(async () => {
    const items = await navigator.clipboard.read();
    const item = items.find((i) => i.types.includes('image/png'));
    if (!item) return null;
    const bytes = new Uint8Array(await (await item.getType('image/png')).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return b64 ? decodePng(Buffer.from(b64, 'base64')) : null;
}

async function clearClipboard(page: Page) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
}

describe('Enviar cobrança', () => {
  it('WhatsApp: a wrong number is answered in words; a right one opens wa.me with the message and the QR is on the clipboard', async () => {
    const { page, host } = app;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(host.url).origin,
    });
    const brcode = await charge(page, '4321', 'Encomenda de bolo');
    const dialog = await openShare(page);
    await page.screenshot({ path: shot('enviar-cobranca') });

    await dialog.getByLabel('WhatsApp do pagador').fill('1234');
    await dialog.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Telefone inválido');
    expect(opened()).toEqual([]);

    await clearClipboard(page);
    await dialog.getByLabel('WhatsApp do pagador').fill('(11) 91234-5678');
    await dialog.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
    await expect.poll(() => opened().length).toBe(1);
    const url = new URL(opened()[0]!);
    expect(url.origin + url.pathname).toBe('https://wa.me/5511912345678');
    const text = url.searchParams.get('text')!;
    expect(text).toMatch(/^Minha loja: cobrança PIX de R\$ 43,21\n/);
    expect(text).toContain('Referente a: Encomenda de bolo');
    expect(text).toMatch(/Válida até \d\d\/\d\d\/\d{4} às \d\d:\d\d/);
    expect(text.split('\n').at(-1)).toBe(brcode);
    // The page offers the same link (the development host opens no program of the OS).
    expect(await dialog.getByRole('link', { name: 'Abrir o WhatsApp' }).getAttribute('href')).toBe(
      opened()[0],
    );
    expect(await clipboardQr(page)).toBe(brcode);
    await page.screenshot({ path: shot('enviar-cobranca-whatsapp') });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });

  it('e-mail: mailto with the message; the QR image pasted into it decodes to the same code', async () => {
    const { page } = app;
    const brcode = await charge(page, '1990');
    const dialog = await openShare(page);
    const before = opened().length;
    await dialog.getByLabel('E-mail do pagador').fill('ana@');
    await dialog.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await expect.poll(() => dialog.textContent()).toContain('E-mail inválido');
    expect(opened()).toHaveLength(before);

    await clearClipboard(page);
    await dialog.getByLabel('E-mail do pagador').fill('ana@padaria.com.br');
    await dialog.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await expect.poll(() => opened().length).toBe(before + 1);
    const link = opened().at(-1)!;
    expect(link).toMatch(/^mailto:ana@padaria\.com\.br\?subject=/);
    const q = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect(q.get('subject')).toBe('Cobrança PIX R$ 19,90 – Minha loja');
    expect(q.get('body')!.split('\r\n').at(-1)).toBe(brcode);
    expect(await clipboardQr(page)).toBe(brcode);
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('Ctrl+V');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });

  it('A4 sheet: printed, rasterised, its QR decodes to the charge’s code and is more than 50 mm wide', async () => {
    const { page } = app;
    const brcode = await charge(page, '25000');
    const dialog = await openShare(page);
    // The print dialog itself is the OS's: counted here, the page then printed as Chromium does.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => void w.printed++;
    });
    await dialog.getByRole('button', { name: 'Imprimir folha A4' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    const dir = tempDir('balcao-sheet-');
    const pdf = path.join(dir, 'folha.pdf');
    writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const info = execFileSync('pdfinfo', [pdf]).toString();
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/Page size:\s+59[45]\.\d* x 841\.\d* pts \(A4\)/);
    execFileSync('pdftoppm', [
      '-r',
      String(DPI),
      '-png',
      '-singlefile',
      pdf,
      path.join(dir, 'folha'),
    ]);
    const bytes = readFileSync(path.join(dir, 'folha.png'));
    writeFileSync(path.join(ARTIFACTS, 'folha-cobranca-A4.png'), bytes);
    const png = PNG.sync.read(bytes);
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe(brcode);
    const widthMm = ((qr!.location.topRightCorner.x - qr!.location.topLeftCorner.x) * 25.4) / DPI;
    // The finder corners span the symbol without its quiet zone: 60 mm with it.
    expect(widthMm).toBeGreaterThan(50);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
    expect(text).toContain('Minha loja');
    expect(text).toContain('R$ 250,00');
    expect(text).toMatch(/Pague até \d\d\/\d\d\/\d{4}/);
    expect(text.replace(/\s/g, '')).toContain(brcode.replace(/\s/g, ''));
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });

  it('from Histórico: a waiting charge can be sent, then canceled from its detail; an ended one cannot be sent', async () => {
    const { page, host } = app;
    const brcode = await charge(page, '777');
    const id = await host.call<{ id: string } | null>('charges:current', {});
    if (!id.ok || !id.value) throw new Error('no charge in progress');
    await page.getByRole('button', { name: 'Histórico' }).click();
    const row = page.locator('table.history tbody tr').filter({ hasText: '7,77' }).first();
    await row.getByRole('button', { name: 'Detalhes' }).click();
    const detail = page.getByRole('dialog').first();
    await detail.getByRole('button', { name: 'Enviar cobrança' }).click();
    const share = page.getByRole('dialog', { name: /Enviar cobrança de R\$ 7,77/ });
    await share.waitFor();
    const before = opened().length;
    await share.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
    await expect.poll(() => opened().length).toBe(before + 1);
    const url = new URL(opened().at(-1)!);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('text')!.split('\n').at(-1)).toBe(brcode);
    await page.screenshot({ path: shot('enviar-cobranca-historico') });
    await share.getByRole('button', { name: 'Fechar' }).click();

    // Cancelar cobrança from the detail: in the window at each size, asked once, then Cancelado.
    const cancelButton = detail.getByRole('button', { name: 'Cancelar cobrança' });
    for (const { width, height } of LOOKED_AT) {
      await page.setViewportSize({ width, height });
      const box = (await cancelButton.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      await page.screenshot({ path: shot(`historico-detalhe-cancelar-${width}x${height}`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await cancelButton.click();
    await page.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect.poll(() => detail.locator('dd').nth(2).textContent()).toMatch(/^Cancelado/);
    expect(await detail.getByRole('button', { name: 'Enviar cobrança' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Fechar' }).click();
    const r = await host.call('charges:share', { id: id.value.id, via: 'whatsapp' });
    expect(r).toMatchObject({ ok: false, code: 'SEND_NOT_OPEN' });
    expect(opened()).toHaveLength(before + 1);
  });

  it('A receber in Histórico: the sent charge, how and to whom; Reenviar, then Cancelar takes it away', async () => {
    const { page } = app;
    await charge(page, '3333');
    const dialog = await openShare(page);
    await dialog.getByLabel('WhatsApp do pagador').fill('(21) 99876-5432');
    await dialog.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
    await dialog.getByRole('link', { name: 'Abrir o WhatsApp' }).waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('button', { name: 'Histórico' }).click();
    const waiting = page.getByRole('region', { name: 'A receber' });
    const row = waiting.getByRole('row').filter({ hasText: 'R$ 33,33' });
    await expect.poll(() => row.textContent()).toMatch(/WhatsApp para 5521998765432 em /);
    await page.screenshot({ path: shot('a-receber') });
    await row.getByRole('button', { name: 'Reenviar' }).click();
    const again = page.getByRole('dialog', { name: /Enviar cobrança de R\$ 33,33/ });
    await again.waitFor();
    await again.getByRole('button', { name: 'Fechar' }).click();
    await row.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await page.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('a PSP without long validity refuses "7 dias" in words, and no charge is made', async () => {
    const { page, host } = app;
    await startOver(page);
    const before = await host.call<unknown[]>('charges:list', {});
    await typeSale(page, '5000');
    await page.getByLabel('Validade').selectOption({ label: '7 dias' });
    await page.getByRole('button', { name: 'Cobrar' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('Este PSP só cobra no balcão'));
    const after = await host.call<unknown[]>('charges:list', {});
    expect(after.ok && before.ok && after.value.length).toBe(before.ok && before.value.length);
    await page.screenshot({ path: shot('validade-so-balcao') });
    await page.getByLabel('Validade').selectOption({ label: 'Balcão (padrão)' });
  });

  it('the dialog fits at 1024×768, 1366×768 and 1920×1080, in Portuguese and in English', async () => {
    const { page, host } = app;
    await charge(page, '1500');
    const names = {
      'pt-BR': { open: 'Enviar cobrança', dialog: /Enviar cobrança de/, close: 'Fechar' },
      en: { open: 'Send charge', dialog: /Send the charge of/, close: 'Close' },
    } as const;
    expect((await host.call('owner:unlock', { pin: OWNER_PIN })).ok).toBe(true);
    for (const lang of ['en', 'pt-BR'] as const) {
      const r = await host.call('settings:update', { patch: { language: lang } });
      expect(r.ok).toBe(true);
      for (const [width, height] of [
        [1024, 768],
        [1366, 768],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.reload();
        // The charge in progress comes back on screen after a reload.
        await page
          .getByRole('img', { name: lang === 'en' ? 'PIX QR code' : 'QR Code PIX' })
          .waitFor();
        await page.getByRole('button', { name: names[lang].open }).click();
        const dialog = page.getByRole('dialog', { name: names[lang].dialog });
        await dialog.waitFor();
        for (const el of [dialog, ...(await dialog.getByRole('button').all())]) {
          const box = (await el.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(box.y + box.height).toBeLessThanOrEqual(height);
        }
        await page.screenshot({ path: shot(`enviar-cobranca-${lang}-${width}x${height}`) });
        await dialog.getByRole('button', { name: names[lang].close }).click();
        // The Caixa's new field (Validade) fits the width, beside the rest of the form.
        const validity = page.getByLabel(lang === 'en' ? 'Validity' : 'Validade');
        await validity.scrollIntoViewIfNeeded();
        const box = (await validity.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: shot(`validade-${lang}-${width}x${height}`) });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
