import { describe, expect, it } from 'vitest';
import { buildBrCode } from '../../../../../shared/domain/brcode';
import { escposReceipt } from '../../../../../electron/services/printing/escpos-receipt';
import type { HistoryRow } from '../../../../../shared/history';
import { receiptLabels } from '../../../../../renderer/features/receipt/labels';
import { i18next } from '../../../../../renderer/i18n';

const GS_K_STORE = Buffer.from([0x1d, 0x28, 0x6b]);

/** Every `GS ( k … 31 50 30` store command in a job: its announced length and the bytes after. */
function stores(job: Buffer) {
  const found: Array<{ announced: number; at: number }> = [];
  for (let i = job.indexOf(GS_K_STORE); i >= 0; i = job.indexOf(GS_K_STORE, i + 1))
    if (job[i + 5] === 0x31 && job[i + 6] === 0x50 && job[i + 7] === 0x30)
      found.push({ announced: job[i + 3]! + job[i + 4]! * 256 - 3, at: i + 8 });
  return found;
}

describe('the receipt QR on an ESC/POS printer', () => {
  it('a PSP\'s BR Code with accents ("São Paulo") is stored with its byte length, then printed', () => {
    // Our own codes are plain ASCII (buildBrCode drops accents); a PSP's may not be: its name and
    // city as the PSP wrote them, with the lengths counted in characters.
    const built = buildBrCode({
      key: 'loja@padaria.com.br',
      merchantName: 'Padaria Conceicao',
      merchantCity: 'Sao Paulo',
      amountCents: 1_990,
      txid: 'blc0001',
    });
    if (!built.ok) throw new Error(built.code);
    const brcode = built.value
      .replace('5917Padaria Conceicao', '5917Padaria Conceição')
      .replace('6009Sao Paulo', '6009São Paulo');
    expect(Buffer.byteLength(brcode)).toBeGreaterThan(brcode.length);
    const charge = {
      id: 'c1',
      externalId: 'blc_0001',
      amountCents: 1_990,
      status: 'PENDING',
      flags: [],
      brcode,
      createdAt: Date.UTC(2026, 10, 21, 15),
      updatedAt: Date.UTC(2026, 10, 21, 15),
      expiresAt: Date.UTC(2026, 10, 21, 16),
    } as unknown as HistoryRow;
    const job = escposReceipt({
      charge,
      shopName: 'Padaria',
      paperWidthMm: 80,
      labels: receiptLabels(i18next.getFixedT('pt-BR')),
    });
    const [qr, ...more] = stores(job);
    expect(more).toEqual([]);
    // The printer reads exactly the announced bytes as the QR's data: the BR Code's UTF-8 bytes,
    // and right after them the print command (GS ( k 03 00 31 51 30), not leftover data.
    expect(qr!.announced).toBe(Buffer.byteLength(brcode));
    expect(job.subarray(qr!.at, qr!.at + qr!.announced).toString('utf8')).toBe(brcode);
    expect([...job.subarray(qr!.at + qr!.announced, qr!.at + qr!.announced + 8)]).toEqual([
      0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30,
    ]);
  });
});
