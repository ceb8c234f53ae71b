import iconv from 'iconv-lite';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingPrint } from '../../../renderer/features/history/closing-csv';
import { receiptLabels } from '../../../renderer/features/receipt/labels';
import { i18next } from '../../../renderer/i18n';
import { formatBRL } from '../../../shared/domain/money';
import type { DayClosingView, HistoryRow } from '../../../shared/history';
import { createHandlers } from '../../../electron/services/handlers';
import { dispatch } from '../../../electron/services/ipc-dispatch';
import { coreOn, createdCharge, tempDir } from '../../helpers/core';
import { cp860Lines, fakePrinter } from '../../helpers/fake-printer';
import { startHost, type Host } from '../../helpers/devhost';
import { hostCharge } from '../../helpers/host-charge';
import { DEMO_ACCOUNT, deadUrl, sandbox, waitFor, type TestSandbox } from '../../helpers/sandbox';

const hex = (...b: number[]) => Buffer.from(b);
/** The receipt's words as the renderer sends them with the app in Portuguese (the default). */
const PT = receiptLabels(i18next.getFixedT('pt-BR'));

/** The data of `GS ( k pL pH 49 80 48 d1…dk` (store the QR symbol data), or undefined. */
function qrStored(job: Buffer): string | undefined {
  const at = job.indexOf(hex(0x1d, 0x28, 0x6b));
  for (let i = at; i >= 0; i = job.indexOf(hex(0x1d, 0x28, 0x6b), i + 1)) {
    if (job[i + 5] === 0x31 && job[i + 6] === 0x50 && job[i + 7] === 0x30) {
      const len = job[i + 3]! + job[i + 4]! * 256 - 3;
      return job.subarray(i + 8, i + 8 + len).toString('latin1');
    }
  }
  return undefined;
}

/** The job the printer received for the printed document (a receipt, or the closing). */
async function printed(channel: string, payload: unknown): Promise<Buffer> {
  const before = printer.jobs.length;
  expect(await host.call(channel, payload)).toMatchObject({ ok: true });
  return waitFor(() => printer.jobs[before]);
}
const printedReceipt = (id: string) => printed('printer:printReceipt', { id, labels: PT });

let sb: TestSandbox;
let printer: Awaited<ReturnType<typeof fakePrinter>>;
let host: Host;
beforeAll(async () => {
  sb = await sandbox();
  printer = await fakePrinter();
  host = await startHost(['--psp', sb.baseUrl, '--printer', `tcp://127.0.0.1:${printer.port}`], {
    BALCAO_DATA_DIR: tempDir(),
    BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
    BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
    BALCAO_OWNER_PIN: '2468',
  });
});
afterAll(async () => {
  await host?.stop();
  await printer?.close();
  await sb?.close();
});

describe('ESC/POS thermal printing (development host --printer tcp://…)', () => {
  it("sends the QR (model 2, level M, ≥ 30 mm) with the charge's BR Code, CP860 text and a cut", async () => {
    const created = await hostCharge(host, 4_321, 'Pão de queijo e café');
    const brcode = created.brcode!;
    expect(brcode).toMatch(/^000201/);
    const job = await printedReceipt(created.id);

    expect(qrStored(job)).toBe(brcode);
    // Model 2, error correction M.
    expect(job.includes(hex(0x1d, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00))).toBe(true);
    expect(job.includes(hex(0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x45, 0x31))).toBe(true);
    // Module size n (dots; 8 dots per mm at 203 dpi): the symbol is at least 30 mm wide.
    const sizeAt = job.indexOf(hex(0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43));
    const n = job[sizeAt + 7]!;
    const modules = QRCode.create([{ data: new TextEncoder().encode(brcode), mode: 'byte' }], {
      errorCorrectionLevel: 'M',
    }).modules.size;
    expect((modules * n) / 8).toBeGreaterThanOrEqual(30);
    expect((modules * n) / 8).toBeLessThanOrEqual(72);
    // ESC t 3: code page CP860 (Portuguese), selected before any text.
    const cp = job.indexOf(hex(0x1b, 0x74, 0x03));
    expect(cp).toBeGreaterThanOrEqual(0);
    // "Válido até" and "Pão" in CP860 bytes (á = A0h, é = 82h, ã = 84h), not UTF-8.
    expect(
      job.indexOf(hex(0x56, 0xa0, 0x6c, 0x69, 0x64, 0x6f, 0x20, 0x61, 0x74, 0x82)),
    ).toBeGreaterThan(cp);
    expect(job.includes(hex(0x50, 0x84, 0x6f))).toBe(true);
    expect(job.includes(Buffer.from('Válido', 'utf8'))).toBe(false);
    // The cut (GS V 0) comes after the QR and the text.
    expect(job.lastIndexOf(hex(0x1d, 0x56, 0x00))).toBeGreaterThan(job.indexOf(hex(0x56, 0xa0)));
  });

  it('stays in CP860 whatever the description holds: nearest plain form or `?`, never another code page', async () => {
    const created = await hostCharge(host, 1_250, 'Pão de queijo — “promoção” … 🧀 Ærø');
    const job = await printedReceipt(created.id);
    // ESC t n anywhere in the job: only ESC t 3 (CP860), so nothing after it prints as garbage.
    const selected: number[] = [];
    for (let i = job.indexOf(hex(0x1b, 0x74)); i >= 0; i = job.indexOf(hex(0x1b, 0x74), i + 1))
      selected.push(job[i + 2]!);
    expect(selected).toEqual([3]);
    // Read back as the printer reads it: ã, ç, é as CP860 bytes, the rest in plain form.
    const text = iconv.decode(job, 'cp860');
    expect(text).toContain('Pão de queijo - "promoção" ... ? ?r?\n');
    expect(text).toContain('Válido até');
    expect(job.includes(hex(0x50, 0x84, 0x6f))).toBe(true); // Pão
    expect(job.includes(hex(0x6f, 0x87, 0x84, 0x6f))).toBe(true); // oção
    expect(job.includes(Buffer.from('ção', 'utf8'))).toBe(false);
    // The QR's data is the BR Code, byte for byte.
    expect(qrStored(job)).toBe(created.brcode);
  });

  it('prints the Comprovante once paid: no QR, the PSP id', async () => {
    const created = await hostCharge(host, 1_000);
    const detail = await host.call<{ charge: HistoryRow }>('history:detail', {
      id: created.id,
    });
    if (!detail.ok) throw new Error(detail.message);
    const psp = detail.value.charge.pspTransactionId!;
    await sb.control('POST', `/charges/${psp}/pay`);
    for (let i = 0; i < 200; i++) {
      const d = await host.call<{ charge: HistoryRow }>('history:detail', { id: created.id });
      if (d.ok && d.value.charge.status === 'PAID') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const job = await printedReceipt(created.id);
    expect(qrStored(job)).toBeUndefined();
    expect(job.includes(Buffer.from('Comprovante de pagamento PIX'))).toBe(true);
    expect(job.includes(Buffer.from(psp))).toBe(true);
    expect(job.includes(hex(0x1d, 0x56, 0x00))).toBe(true);
  });
});

describe('Fechamento do dia on the thermal printer', () => {
  it('prints the closing the screen shows, in CP860: received, Pago em outro dia, every line; then a cut', async () => {
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const closing = await host.call<DayClosingView>('history:closing', { day });
    if (!closing.ok) throw new Error(closing.message);
    // The renderer's own layout of it, as `Fechamento do dia` sends it.
    const doc = closingPrint(closing.value, i18next.t);
    const job = await printed('printer:printClosing', doc);
    const cp860 = (text: string) => iconv.encode(text, 'cp860');
    const lines = cp860Lines(job);
    // The no-break space of R$ 1,00 is printed as a plain space (blank in any code page).
    const figures = (count: number, cents: number) =>
      ` +${count}  ${formatBRL(cents).replace('$', '\\$').replace('\u00a0', ' ')}$`;
    const cp = job.indexOf(hex(0x1b, 0x74, 0x03));
    expect(cp).toBeGreaterThanOrEqual(0);
    // No other code page is ever selected (ESC t n), so every line prints in CP860.
    expect(job.indexOf(hex(0x1b, 0x74), cp + 1)).toBe(-1);
    const { received, paidOtherDay } = closing.value.live;
    expect(received.count).toBeGreaterThan(0);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Recebido${figures(received.count, received.amountCents)}`),
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Pago em outro dia${figures(paidOtherDay.count, paidOtherDay.amountCents)}`),
      ),
    );
    for (const label of ['dos quais cobranças de outro dia', 'Saques PIX do dia', 'Dinheiro real'])
      expect(job.indexOf(cp860(label)), label).toBeGreaterThan(cp);
    expect(job.includes(Buffer.from('cobranças', 'utf8'))).toBe(false);
    expect(job.lastIndexOf(hex(0x1d, 0x56, 0x00))).toBeGreaterThan(job.indexOf(cp860('Saques')));
  });
});

describe('printer settings and failures', () => {
  it('an unreachable printer is an error the cashier can read, not a crash', async () => {
    const port = new URL(await deadUrl()).port;
    const t = await coreOn(sb.baseUrl, {
      printer: { kind: 'escpos-network', address: `127.0.0.1:${port}` },
    });
    const c = await createdCharge(t.core, 500);
    const r = await dispatch(
      createHandlers(t.core, 'browser'),
      'printer:printReceipt',
      { id: c.id, labels: PT },
      t.core.logger,
    );
    expect(r).toMatchObject({ ok: false, kind: 'unavailable', code: 'PRINTER_UNAVAILABLE' });
    // With the system dialog configured, the renderer is told to open it.
    const sys = await coreOn(sb.baseUrl);
    const c2 = await createdCharge(sys.core, 500);
    expect(await sys.core.printer.print(c2.id, PT)).toMatchObject({
      code: 'PRINTER_NOT_ESCPOS',
    });
    await t.core.stop();
    await sys.core.stop();
  });

  it('a wrong address is refused in words', async () => {
    const unlocked = await host.call('owner:unlock', { pin: '2468' });
    expect(unlocked.ok).toBe(true);
    const bad = await host.call('settings:update', {
      patch: { printer: { kind: 'escpos-network', address: 'impressora:99999' } },
    });
    expect(bad).toMatchObject({
      ok: false,
      code: 'PRINTER_ADDRESS_INVALID',
      field: 'printer.address',
    });
    const good = await host.call('settings:update', {
      patch: { printer: { kind: 'escpos-file', address: '/dev/usb/lp0' } },
    });
    expect(good.ok).toBe(true);
  });
});
