import { describe, expect, it } from 'vitest';
import {
  buildBrCode,
  crc16,
  parseBrCode,
  readTlv,
  verifyBrCode,
} from '../../../../shared/domain/brcode';
import { expectEach } from '../../expect-each';
import { STATIC_BCB } from '../../../helpers/brcode-samples';

// The BR Code rules one by one: the manual's length limits when building, each refusal's reason
// when reading, and the CRC against its published check value.
const BODY = STATIC_BCB.slice(0, -8);
const withCrc = (body: string) => `${body}6304${crc16(`${body}6304`)}`;
const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);
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
  it('matches the published check value and pads to four hex digits', () => {
    expectEach(crc16, [
      ['123456789', '29B1'],
      ['', 'FFFF'],
      ['x342', '00C3'],
    ]);
  });

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
