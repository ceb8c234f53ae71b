import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  parseMoney,
  parseWireAmount,
  toWireAmount,
} from '../../../../shared/domain/money';

const anyCents = fc.integer({ min: 0, max: 10_000_000_000_00 });

describe('money round trips (property-based)', () => {
  it('parse(format(c)) === c for every amount', () => {
    fc.assert(
      fc.property(anyCents, (c) => {
        const r = parseMoney(formatBRL(c));
        expect(r).toEqual({ ok: true, value: c });
      }),
    );
  });

  it('the wire number survives JSON and parses back to the same cents', () => {
    fc.assert(
      fc.property(anyCents, (c) => {
        const wire = JSON.parse(JSON.stringify({ amount: toWireAmount(c) })).amount;
        expect(parseWireAmount(wire)).toEqual({ ok: true, value: c });
      }),
    );
  });

  it('plain "reais,centavos" text without separators parses to the same cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        (r, c) => {
          expect(parseMoney(`${r},${String(c).padStart(2, '0')}`)).toEqual({
            ok: true,
            value: r * 100 + c,
          });
          expect(parseMoney(`${r}.${String(c).padStart(2, '0')}`)).toEqual({
            ok: true,
            value: r * 100 + c,
          });
        },
      ),
    );
  });

  it('never returns a non-integer or negative amount for any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseMoney(s);
        if (r.ok) expect(Number.isSafeInteger(r.value) && r.value >= 0).toBe(true);
      }),
    );
  });
});
