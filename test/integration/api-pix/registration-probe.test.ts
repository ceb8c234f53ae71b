import { describe, expect, it } from 'vitest';
import { apiPixSandboxForFile, onApiPixTerminal } from '../../helpers/api-pix-for-file';

/**
 * Issue 33, Deliver 5: Efí posts a test notification to the webhook URL it registers (its
 * "Webhooks" page); such a request names no charge. It is kept apart from refused payment
 * notices: no "1 aviso de pagamento recusado hoje" on the first day. A notice that names a
 * txid of another shop is still refused.
 */
describe('notices that name no charge, at an API Pix terminal', () => {
  const env = apiPixSandboxForFile({ profile: 'efi' });
  const post = (body: string) => ({
    headers: { 'content-type': 'application/json' },
    body,
  });

  it(
    "Efí's registration probe and an empty notice are logged, never counted as refused",
    onApiPixTerminal(env, async (t) => {
      const set = t.core.settings.update({
        psp: { callbackPolicy: 'confirm-by-query', statusQueryPath: '/cob/{id}' },
      });
      expect(set.ok, JSON.stringify(set)).toBe(true);
      const probe = await t.core.intake.handle(post('{"evento":"teste_webhook"}'), 'relay');
      expect(probe).toMatchObject({ accepted: true, outcome: 'registration-probe' });
      const empty = await t.core.intake.handle(post('{}'), 'relay');
      expect(empty).toMatchObject({ accepted: true, outcome: 'notice' });
      expect(t.core.refusals.today().count).toBe(0);
      expect(t.core.info().refusalsToday?.count).toBe(0);

      // A PIX of another shop's txid: a refused payment notice, as before.
      const other = await t.core.intake.handle(
        post(
          JSON.stringify({
            pix: [
              {
                endToEndId: 'E00000000202611280000abcdefghijk',
                txid: 'outraloja0000000000000000000000x',
                valor: '10.00',
                horario: new Date().toISOString(),
              },
            ],
          }),
        ),
        'relay',
      );
      expect(other).toMatchObject({ accepted: true, outcome: 'unknown-charge' });
      expect(t.core.refusals.today().count).toBe(1);
    }),
  );
});
