import { describe, expect, it } from 'vitest';
import { defaultPayerFor } from '../../../shared/demo-payer';

// DEMO's payer named in the shop's language (issue 34: words, not Portuguese in an English shop).
describe("DEMO's payer", () => {
  it('in DEMO, named in the interface language; the owner’s own payer and live mode untouched', () => {
    expect(defaultPayerFor(null, 'demo')?.name).toBe('Cliente DEMO');
    expect(defaultPayerFor(null, 'demo', 'en')?.name).toBe('DEMO customer');
    expect(defaultPayerFor(null, 'demo', 'en')?.document).toBe('529.982.247-25');
    expect(defaultPayerFor(null, 'live', 'en')).toBeNull();
    const own = { name: 'Consumidor', document: '123.456.789-09', email: 'a@b.co', phone: '11' };
    expect(defaultPayerFor(own, 'demo', 'en')).toBe(own);
  });
});
