import { describe, expect, it } from 'vitest';
import { parsePixKey } from '../../../../shared/domain/pix-key';

describe('PIX keys', () => {
  it.each([
    ['CPF', '123.456.789-09', '12345678909'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['EMAIL', ' Ana@Padaria.com.br', 'ana@padaria.com.br'],
    ['PHONE', '(11) 98765-4321', '+5511987654321'],
    ['PHONE', '11987654321', '+5511987654321'],
    ['PHONE', '5511987654321', '+5511987654321'],
    ['EVP', '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d'],
  ] as const)('%s %s → %s', (type, input, canonical) => {
    expect(parsePixKey(type, input)).toEqual({ ok: true, value: canonical });
  });

  it.each([
    ['EMAIL', '123.456.789-09'],
    ['CPF', 'ana@padaria.com.br'],
    ['CPF', '123.456.789-00'],
    ['PHONE', '(11) 3333-4444'],
    ['EVP', 'not-a-uuid'],
  ] as const)('refuses %s %s', (type, input) => {
    expect(parsePixKey(type, input)).toMatchObject({
      ok: false,
      code: 'PIX_KEY_INVALID',
      field: 'pixKey',
    });
  });
});
