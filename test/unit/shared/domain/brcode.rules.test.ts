import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildBrCode,
  crc16,
  parseBrCode,
  readTlv,
  verifyBrCode,
} from '../../../../shared/domain/brcode';
import { itMaps } from '../../rule-table';
import { STATIC_BCB } from '../../../helpers/brcode-samples';

// Examples from the Central Bank's "Manual do BR Code" (static) and the Pix initiation manual (dynamic).
const DYNAMIC_BCB =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';

const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);
const withCrc = (body: string) => `${body}6304${crc16(`${body}6304`)}`;

describe('BR Code: the Central Bank examples', () => {
  it('parses and verifies the static example (CRC 1D3D)', () => {
    expect(crc16(STATIC_BCB.slice(0, -4))).toBe('1D3D');
    expect(parseBrCode(STATIC_BCB)).toEqual({
      ok: true,
      value: {
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        dynamic: false,
      },
    });
  });

  it('parses and verifies the dynamic example (CRC 64E4) and reads its URL', () => {
    expect(crc16(DYNAMIC_BCB.slice(0, -4))).toBe('64E4');
    const r = parseBrCode(DYNAMIC_BCB);
    expect(r).toMatchObject({
      ok: true,
      value: { url: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441', dynamic: true },
    });
  });

  it('refuses the payload when any single character changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: STATIC_BCB.length - 5 }),
        fc.constantFrom(...'0123456789ABCDEFabcxyz. *'),
        (i, ch) => {
          fc.pre(STATIC_BCB[i] !== ch);
          const changed = STATIC_BCB.slice(0, i) + ch + STATIC_BCB.slice(i + 1);
          expect(parseBrCode(changed).ok).toBe(false);
        },
      ),
    );
  });

  it('says why: a changed CRC, a wrong length, no CRC, not a PIX', () => {
    expect(code(parseBrCode(STATIC_BCB.replace(/1D3D$/, '1D3E')))).toBe('BRCODE_BAD_CRC');
    expect(code(parseBrCode(STATIC_BCB.replace('5913Fulano', '5999Fulano')))).toBe(
      'BRCODE_BAD_LENGTH',
    );
    expect(code(parseBrCode(STATIC_BCB.slice(0, -8)))).toBe('BRCODE_NO_CRC');
    expect(code(parseBrCode(''))).toBe('BRCODE_EMPTY');
    const notPix = withCrc(
      '000201' + '26180014br.gov.bcb.xyz' + '52040000530398654041.005802BR5901X6001Y',
    );
    expect(code(parseBrCode(notPix))).toBe('BRCODE_NOT_PIX');
  });

  it('refuses a PIX payload whose mandatory objects are broken (currency 840)', () => {
    const usd = withCrc(STATIC_BCB.slice(0, -8).replace('5303986', '5303840'));
    expect(code(parseBrCode(usd))).toBe('BRCODE_INVALID');
  });

  it('reads TLV objects and rejects non-numeric lengths', () => {
    expect(readTlv('0002010104abcd')).toEqual({
      ok: true,
      value: [
        { id: '00', value: '01' },
        { id: '01', value: 'abcd' },
      ],
    });
    expect(code(readTlv('00xx01'))).toBe('BRCODE_BAD_LENGTH');
  });
});

describe('BR Code: build, verify the charged amount', () => {
  const base = {
    key: 'loja@example.com',
    merchantName: 'Padaria Sao Jorge',
    merchantCity: 'SAO PAULO',
  };

  it('builds a code with the amount tag and a txid that parses back', () => {
    const built = buildBrCode({ ...base, amountCents: 1234, txid: 'abc123' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value).toContain('540512.34');
    expect(parseBrCode(built.value)).toMatchObject({
      ok: true,
      value: { ...base, amountCents: 1234, txid: 'abc123', dynamic: false },
    });
  });

  it('verifyBrCode accepts the same amount and refuses a different one', () => {
    const built = buildBrCode({ ...base, amountCents: 1000 });
    if (!built.ok) throw new Error(built.message);
    expect(verifyBrCode(built.value, 1000).ok).toBe(true);
    expect(code(verifyBrCode(built.value, 1001))).toBe('BRCODE_AMOUNT_MISMATCH');
    expect(verifyBrCode(STATIC_BCB, 1001).ok).toBe(true); // no amount tag: nothing to compare
  });

  it('refuses fields over the manual lengths instead of truncating them', () => {
    expect(code(buildBrCode({ ...base, merchantName: 'x'.repeat(26) }))).toBe('BRCODE_BAD_FIELD');
    expect(code(buildBrCode({ ...base, merchantCity: 'x'.repeat(16) }))).toBe('BRCODE_BAD_FIELD');
    expect(code(buildBrCode({ ...base, txid: 'has-dash' }))).toBe('BRCODE_BAD_FIELD');
    expect(code(buildBrCode({ ...base, amountCents: 0 }))).toBe('BRCODE_BAD_FIELD');
  });

  it('build → parse round trip (property-based)', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,6}( [A-Za-z0-9]{1,6})?$/);
    fc.assert(
      fc.property(
        fc.record({
          key: fc.uuid({ version: 4 }),
          merchantName: word,
          merchantCity: word,
          amountCents: fc.integer({ min: 1, max: 10_000_000 }),
          txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        }),
        (p) => {
          const built = buildBrCode(p);
          expect(built.ok).toBe(true);
          if (!built.ok) return;
          expect(verifyBrCode(built.value, p.amountCents)).toEqual({
            ok: true,
            value: { ...p, key: p.key.toLowerCase(), dynamic: false },
          });
        },
      ),
    );
  });
});

// The BR Code rules one by one: the manual's length limits when building, each refusal's reason
// when reading, and the CRC against its published check value.
const BODY = STATIC_BCB.slice(0, -8);
const base = { key: 'loja@example.com', merchantName: 'Padaria', merchantCity: 'SAO PAULO' };

describe('buildBrCode: the manual’s length limits, refused rather than truncated', () => {
  const email77 = `${'a'.repeat(65)}@example.com`;

  it.each([
    ['a 77-character key', { key: email77 }],
    ['a 25-character merchant name', { merchantName: 'n'.repeat(25) }],
    ['a 15-character city', { merchantCity: 'c'.repeat(15) }],
    ['a 25-character txid', { txid: 'T'.repeat(25) }],
    ['one cent', { amountCents: 1 }],
  ])('%s is built', (_what, over) => {
    const built = buildBrCode({ ...base, ...over });
    expect(built.ok).toBe(true);
    if (built.ok) expect(parseBrCode(built.value).ok).toBe(true);
  });

  it.each([
    ['a 78-character key', { key: `a${email77}` }],
    ['an empty key', { key: '' }],
    ['a 26-character merchant name', { merchantName: 'n'.repeat(26) }],
    ['an empty merchant name', { merchantName: '' }],
    ['a 16-character city', { merchantCity: 'c'.repeat(16) }],
    ['an empty city', { merchantCity: '' }],
    ['a 26-character txid', { txid: 'T'.repeat(26) }],
    ['an empty txid', { txid: '' }],
    ['a negative amount', { amountCents: -1 }],
    ['a fraction of a cent', { amountCents: 1.5 }],
    ['an amount beyond safe integers', { amountCents: Number.MAX_SAFE_INTEGER + 1 }],
    ['a key no PIX key can be', { key: 'k' }],
  ])('%s is refused with BRCODE_BAD_FIELD', (_what, over) => {
    expect(buildBrCode({ ...base, ...over })).toEqual({
      ok: false,
      kind: 'validation',
      code: 'BRCODE_BAD_FIELD',
    });
  });

  it('a code without an amount has no amount tag; a description reads back', () => {
    const built = buildBrCode({ ...base, description: 'Mesa 4', txid: 'T1' });
    if (!built.ok) throw new Error(built.code);
    expect(built.value).not.toMatch(/54\d\d\d/);
    expect(parseBrCode(built.value)).toEqual({
      ok: true,
      value: { ...base, txid: 'T1', description: 'Mesa 4', dynamic: false },
    });
  });
});

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  itMaps('matches the published check value and pads to four hex digits', crc16, [
    ['123456789', '29B1'],
    ['', 'FFFF'],
    ['x342', '00C3'],
  ]);

  it('runs over UTF-8 bytes, not UTF-16 code units', () => {
    expect(crc16('é')).toBe('7ACB');
  });
});

describe('reading a payload: each refusal says why', () => {
  it('reads an empty TLV as nothing, and refuses a short header or a value cut short', () => {
    expect(readTlv('')).toEqual({ ok: true, value: [] });
    expect(code(readTlv('000'))).toBe('BRCODE_BAD_LENGTH');
    expect(code(readTlv('0002010'))).toBe('BRCODE_BAD_LENGTH');
    expect(code(parseBrCode(`${STATIC_BCB}0`))).toBe('BRCODE_BAD_LENGTH');
  });

  it('ignores surrounding blanks and accepts a lower-case CRC', () => {
    expect(parseBrCode(`  ${STATIC_BCB}\n`).ok).toBe(true);
    expect(parseBrCode(STATIC_BCB.replace(/1D3D$/, '1d3d')).ok).toBe(true);
    expect(code(parseBrCode('   '))).toBe('BRCODE_EMPTY');
  });

  it('a last object that is not a four-character CRC is BRCODE_NO_CRC', () => {
    expect(code(parseBrCode(`${BODY}6303ABC`))).toBe('BRCODE_NO_CRC');
    expect(code(parseBrCode(`${BODY}0104ABCD`))).toBe('BRCODE_NO_CRC');
  });

  it('the PIX identifier counts only in the merchant account objects (26 to 51), any case', () => {
    const broken = BODY.replace('5303986', '5303840');
    expect(code(parseBrCode(withCrc(broken)))).toBe('BRCODE_INVALID');
    expect(code(parseBrCode(withCrc(broken.replace('2658', '5158'))))).toBe('BRCODE_INVALID');
    expect(code(parseBrCode(withCrc(broken.replace('br.gov.bcb.pix', 'BR.GOV.BCB.PIX'))))).toBe(
      'BRCODE_INVALID',
    );
    expect(code(parseBrCode(withCrc(broken.replace('2658', '2558'))))).toBe('BRCODE_NOT_PIX');
    expect(code(parseBrCode(withCrc(broken.replace('2658', '5258'))))).toBe('BRCODE_NOT_PIX');
  });

  it('an amount tag that is not an amount of whole cents is BRCODE_INVALID', () => {
    expect(code(parseBrCode(withCrc(BODY.replace('5802BR', '5404abcd5802BR'))))).toBe(
      'BRCODE_INVALID',
    );
    expect(code(parseBrCode(withCrc(BODY.replace('5802BR', '540612.3455802BR'))))).toBe(
      'BRCODE_INVALID',
    );
    expect(parseBrCode(withCrc(BODY.replace('5802BR', '540512.345802BR')))).toMatchObject({
      ok: true,
      value: { amountCents: 1234 },
    });
  });

  it('verifyBrCode passes a refusal through with its reason', () => {
    expect(code(verifyBrCode(STATIC_BCB.replace(/1D3D$/, '0000'), 100))).toBe('BRCODE_BAD_CRC');
  });
});
