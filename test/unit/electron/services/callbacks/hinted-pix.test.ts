import { describe, expect, it } from 'vitest';
import { hintedPix } from '../../../../../electron/services/callbacks/hinted-pix';

const txid = `blc${'a'.repeat(29)}`;
const e2e = `E00000000${'2'.repeat(12)}${'b'.repeat(11)}`;

describe('hintedPix: the txid → endToEndId pairs an API Pix webhook names', () => {
  it('takes each well-formed pair of {pix: [...]}', () => {
    expect(hintedPix({ pix: [{ endToEndId: e2e, txid, valor: '1.00' }] })).toEqual([
      { txid, e2eid: e2e },
    ]);
  });

  it('skips what the spec’s patterns refuse, and never throws on any shape', () => {
    for (const raw of [
      {},
      { pix: null },
      { pix: 'x' },
      { pix: [null, 1, 'a', [], {}] },
      { pix: [{ endToEndId: e2e }] }, // no txid: a static QR or a transfer
      { pix: [{ endToEndId: 'E1', txid }] }, // not 32 characters
      { pix: [{ endToEndId: `${e2e.slice(1)}/`, txid }] }, // a path separator
      { pix: [{ endToEndId: e2e, txid: '../cob' }] },
      { pix: [{ endToEndId: 42, txid: 7 }] },
    ])
      expect(hintedPix(raw as Record<string, unknown>)).toEqual([]);
  });
});
