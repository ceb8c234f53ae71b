import type { Cents } from '../../../../shared/domain/money';
import { err, ok, type Result } from '../../../../shared/result';

/** The API Pix's money: a decimal string in reais, `\d{1,10}\.\d{2}` ([spec] CobValor). */
const VALOR = /^\d{1,10}\.\d{2}$/;

export function centsToValor(cents: Cents): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Strict: a number, `12.3`, `12,30`, `+1.00` or `1e2` are refused, never guessed. */
export function valorToCents(v: unknown, field: string): Result<Cents> {
  if (typeof v !== 'string' || !VALOR.test(v)) {
    return err('unavailable', 'APIPIX_REPLY_INVALID', { params: { field } });
  }
  const [reais, centavos] = v.split('.') as [string, string];
  return ok(Number(reais) * 100 + Number(centavos));
}
