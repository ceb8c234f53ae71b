import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils';
import { err, ok, type Result } from '../result';

/** A2's wire names for the kinds of PIX key. */
export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

const LIB_KIND = { CPF: 'cpf', CNPJ: 'cnpj', EMAIL: 'email', PHONE: 'phone', EVP: 'evp' } as const;

/**
 * Checks that a key is valid for the type the owner chose (a CPF typed as an e-mail key is a
 * mistake worth catching before money moves) and returns its canonical DICT form
 * (@brazilian-utils' getPixKeyInfo: digits for CPF/CNPJ, +55… for phones, lower-case EVP).
 */
export function parsePixKey(type: PixKeyType, input: string): Result<string> {
  let text = input.trim();
  // 11 bare digits read as a CPF first; the owner said it is a phone, so write it as one.
  if (type === 'PHONE' && /^\d{10,13}$/.test(text))
    text = text.length > 11 ? `+${text}` : `+55${text}`;
  const info = getPixKeyInfo(text);
  if (!info || info.type !== LIB_KIND[type]) {
    return err('validation', 'PIX_KEY_INVALID', `Chave PIX inválida para o tipo ${type}.`, {
      field: 'pixKey',
    });
  }
  return ok(info.value);
}

/** A key as lists and the review show it: the first and last three characters only. */
export const maskPixKey = (key: string): string =>
  key.length <= 6 ? '***' : `${key.slice(0, 3)}***${key.slice(-3)}`;
