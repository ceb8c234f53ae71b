import { describe, expect, it } from 'vitest';
import { payer } from '../../helpers/core';
import { rawApi, validTransaction } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

// `Divisão (split)` and `gateway`: sent with every /transactions/create charge, validated and
// recorded by the sandbox, shown with the charge.
const env = terminalForFile();

describe('split and gateway', () => {
  it('an invalid split is refused in the settings with a clear error', () => {
    const noTax = env.core.settings.update({
      split: { user: 'socio@padaria.com.br', taxPercent: 0 },
    });
    expect(noTax).toMatchObject({ ok: false, code: 'SPLIT_TAX', field: 'split.taxPercent' });
    const badMail = env.core.settings.update({ split: { user: 'socio@', taxPercent: 10 } });
    expect(badMail).toMatchObject({ ok: false, field: 'split.user' });
    const over = env.core.settings.update({ split: { user: 'a@b.com.br', taxPercent: 101 } });
    expect(over).toMatchObject({ ok: false, field: 'split.taxPercent' });
  });

  it('every /transactions/create charge carries the split and gateway; the PSP records them', async () => {
    const s = env.core.settings.update({
      psp: { chargeOperation: 'transaction', gateway: 'gw-sul' },
      split: { user: 'socio@padaria.com.br', taxPercent: 12.5 },
    });
    expect(s.ok).toBe(true);
    const r = await env.core.charges.create({ amountCents: 5000, payer });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.split).toEqual({ user: 'socio@padaria.com.br', taxPercent: 12.5 });
    const atPsp = (
      (await env.sb.control('GET', '/charges')).body as Array<Record<string, unknown>>
    ).find((c) => c.externalId === r.value.externalId);
    expect(atPsp).toMatchObject({
      splitUser: 'socio@padaria.com.br',
      splitTax: 12.5,
      gateway: 'gw-sul',
    });
    const row = env.core.charges.list({}).find((c) => c.id === r.value.id);
    expect(row?.split).toEqual({ user: 'socio@padaria.com.br', taxPercent: 12.5 });
  });

  it('the sandbox refuses a split tax of 0 or over 100, and a split user that is not an e-mail', async () => {
    const api = rawApi(env.sb.baseUrl);
    for (const bad of [
      { splitUser: 'a@b.com.br', splitTax: 0 },
      { splitUser: 'a@b.com.br', splitTax: 100.5 },
      { splitUser: 'not-an-email', splitTax: 10 },
      { splitUser: 'a@b.com.br' },
    ]) {
      const res = await api.call('POST', '/transactions/create', {
        headers: api.cics,
        body: validTransaction(bad),
      });
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toMatch(/split/);
    }
  });
});
