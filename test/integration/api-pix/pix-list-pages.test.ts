import { describe, expect, it } from 'vitest';
import {
  apiPixCharge,
  apiPixSandboxForFile,
  onApiPixTerminal,
} from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Bad input "a GET /pix that pages": the received-PIX list spans pages (`paginacao`,
 * bacen/pix-api OpenAPI) and the payment that completes the charge is on page 2. The status read
 * (`GET /pix?txid=` while a lagging `GET /cob` says ATIVA) follows the pages.
 */
describe('a GET /pix that pages', () => {
  const env = apiPixSandboxForFile();

  it(
    'the payment on page 2 is found: Pago with the whole amount, one charge',
    onApiPixTerminal(env, async (t) => {
      await env.sb.control('PUT', '/faults', { cobLagMs: 60_000, pixPageMax: 1 });
      const c = await apiPixCharge(t, 3210);
      const first = await env.sb.pay(c.txid, 1000);
      // The payer's second PIX to the same cob (the sandbox's pay route takes one per cob).
      const second = { ...first, endToEndId: env.sb.state.newE2e(), valorCents: 2210 };
      second.horario = new Date(Date.parse(first.horario) + 1000).toISOString();
      env.sb.state.pix.set(second.endToEndId, second);
      const r = await t.core.charges.recheck(c.id);
      expect(r).toMatchObject({ ok: true, value: { status: 'PAID', amountCents: 3210 } });
      const pages = env.sb.state.requestLog.filter(
        (q) => q.method === 'GET' && q.url.startsWith('/v2/pix?') && q.url.includes(c.txid),
      );
      expect(pages.some((q) => q.url.includes('paginacao.paginaAtual=1'))).toBe(true);
      expect(env.sb.state.requestLog.filter((q) => q.method === 'PUT')).toHaveLength(1);
    }),
  );
});
