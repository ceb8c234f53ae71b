import { describe, expect, it } from 'vitest';
import { readApiPixBody as readParsed } from '../../../../../electron/services/callbacks/api-pix-body';
import { parseJson } from '../../../../../electron/services/callbacks/received';

const readApiPixBody = (text: string) => readParsed(parseJson(text));

// docs/api-pix.md, Webhook: the standard's {pix: [...]}, Inter's bare array; only txids are read
// (a hint for GET /cob), and anything else is left to the family's reader.
describe('the API Pix webhook body', () => {
  const pix = { endToEndId: 'E12345678202611261200abcdefghijk', valor: '12.34', horario: 'x' };

  it('names every txid of {pix: [...]} (several PIX of one key in one post)', () => {
    const r = readApiPixBody(
      JSON.stringify({
        pix: [
          { ...pix, txid: 'blcA' },
          { ...pix, txid: 'blcB' },
        ],
      }),
    );
    expect(r).toMatchObject({ ok: true, value: { ids: ['blcA', 'blcB'], transactionId: 'blcA' } });
  });

  it("reads Inter's bare array the same way", () => {
    expect(readApiPixBody(JSON.stringify([{ ...pix, txid: 'blcC' }]))).toMatchObject({
      ok: true,
      value: { ids: ['blcC'] },
    });
  });

  it('leaves a family callback, an empty list or a list of strangers to the other reader', () => {
    for (const text of [
      JSON.stringify({ transactionId: '1', status: 'PAID' }),
      JSON.stringify({ pix: [] }),
      JSON.stringify([{ id: 1 }]),
      'not json',
    ])
      expect(readApiPixBody(text)).toBeNull();
  });
});
