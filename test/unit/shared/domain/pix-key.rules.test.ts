import { describe, expect, it } from 'vitest';
import { maskPixKey, parsePixKey } from '../../../../shared/domain/pix-key';
import { itMaps } from '../../rule-table';
import { refused } from './refused';

// The withdrawal's PIX key, as the owner types it and sees it again on the review.
describe('a phone key typed as bare digits', () => {
  it('a mobile number whose 11 digits also make a valid CPF is the phone the owner chose', () => {
    expect(parsePixKey('PHONE', '11987654374')).toEqual({ ok: true, value: '+5511987654374' });
    expect(parsePixKey('CPF', '11987654374')).toEqual({ ok: true, value: '11987654374' });
  });

  it('spaces around the digits do not make it a CPF', () => {
    expect(parsePixKey('PHONE', ' 11987654374 ')).toEqual({ ok: true, value: '+5511987654374' });
  });

  it('already written with +55 is kept as it is', () => {
    expect(parsePixKey('PHONE', '+5511987654321')).toEqual({ ok: true, value: '+5511987654321' });
    expect(parsePixKey('PHONE', ' +55 11 98765-4321 ')).toEqual({
      ok: true,
      value: '+5511987654321',
    });
  });

  it('a landline (10 digits) is no PIX key', () => {
    expect(parsePixKey('PHONE', '1133334444')).toMatchObject({ ok: false });
  });

  it('names the type the owner chose in the refusal', () => {
    expect(parsePixKey('EVP', '123.456.789-09')).toEqual(
      refused('PIX_KEY_INVALID', 'pixKey', { type: 'EVP' }),
    );
  });

  it('nothing typed is refused', () => {
    expect(parsePixKey('EMAIL', '   ')).toMatchObject({ ok: false, code: 'PIX_KEY_INVALID' });
  });
});

describe('a key as lists and the review show it', () => {
  itMaps('the first and last three characters only', maskPixKey, [
    ['ana@padaria.com.br', 'ana***.br'],
    ['1234567', '123***567'],
  ]);

  itMaps('a key of six characters or fewer shows nothing of itself', maskPixKey, [
    ['123456', '***'],
    ['', '***'],
  ]);
});
