import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectId } from '../../../sandbox/dialect';
import { PSP_PRESET_IDS } from '../../../shared/psp-presets';
import type { ChargeView, WithdrawalView } from '../../../shared/views';
import { tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';
import { hostCharge } from '../../helpers/host-charge';
import { DEMO_ACCOUNT, eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';

// Each dialect of the sandbox against the app with the matching preset, end to end through the
// development host (its WebSocket contract) and its embedded relay: charge → QR → pay → Pago,
// a withdrawal followed to its end, the MED list and a defense.
const PIN = '2468';

// Every preset the app offers: a new one is tested here without a line to add.
describe.each(PSP_PRESET_IDS)('dialect %s', (dialect: DialectId) => {
  let sb: TestSandbox;
  let host: Host;
  let paidCharge: ChargeView;
  beforeAll(async () => {
    sb = await sandbox({ dialect });
    host = await startHost(['--psp', sb.baseUrl, '--psp-preset', dialect], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
      BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
      BALCAO_OWNER_PIN: PIN,
      // VeoPag signs callbacks with its panel's webhook secret, not the client secret.
      ...(dialect === 'veopag' && { BALCAO_WEBHOOK_SECRET: DEMO_ACCOUNT.webhookSecret }),
    });
    const unlocked = await host.call('owner:unlock', { pin: PIN });
    expect(unlocked.ok).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await host?.stop();
    await sb?.close();
  });

  const updates = (id: string) =>
    host.events
      .filter((e) => e.event === 'charges:updated')
      .map((e) => e.payload as ChargeView)
      .filter((v) => v.id === id);
  /**
   * The app has dealt with a forged callback for `c`: a signed dialect's is refused, and the
   * refusal names the charge. cics-pt's callbacks are unsigned (only a hint for a status query):
   * nothing to wait on there but time.
   */
  const forgeryDealtWith = async (c: ChargeView) => {
    if (dialect === 'cics-pt') return new Promise((r) => setTimeout(r, 2000));
    await eventually(async () => {
      const r = await host.call<{ recent: Array<{ chargeId?: string }> }>('callbacks:refusals', {});
      return r.ok && r.value.recent.some((x) => x.chargeId === c.id);
    }, 10_000);
  };
  /** The charge is still pending (no refused callback turned it); paid at the PSP, it turns Pago. */
  const stillPendingThenPaid = async (c: ChargeView) => {
    const still = await host.call<ChargeView>('charges:get', { id: c.id });
    expect(still.ok && still.value.status).toBe('PENDING');
    await sb.control('POST', `/charges/${c.externalId}/pay`);
    await eventually(async () => updates(c.id).some((v) => v.status === 'PAID'), 20_000);
  };

  it('create → QR → pay → Pago', async () => {
    const created = await hostCharge(host, 2590, 'Pão e café');
    expect(created.status).toBe('PENDING');
    expect(created.brcode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    const paid = await sb.control('POST', `/charges/${created.externalId}/pay`);
    expect(paid.status).toBe(200);
    await eventually(async () => updates(created.id).some((v) => v.status === 'PAID'), 20_000);
    const stats = (await sb.control('GET', '/stats')).body as {
      checks: { total: number; limited: number };
    };
    // cics-pt's callback is unsigned: Pago came from the status query's answer.
    if (dialect === 'cics-pt') expect(stats.checks.total).toBeGreaterThan(0);
    expect(stats.checks.limited).toBe(0);
    paidCharge = created;
  });

  it('a forged “paid” callback is refused; the real payment still turns it Pago', async () => {
    const created = await hostCharge(host, 1717);
    const before = ((await sb.control('GET', '/callbacks')).body as unknown[]).length;
    // Signed with a key that is not the shop's (unsigned where the member never signs).
    expect((await sb.control('POST', `/charges/${created.externalId}/forge`)).status).toBe(200);
    // The relay takes it (a 200 to the "PSP"): it reaches the app, which must not believe it.
    await eventually(async () => {
      const log = (await sb.control('GET', '/callbacks')).body as Array<{ delivered: boolean }>;
      return log.length > before && log[before]!.delivered;
    }, 10_000);
    await forgeryDealtWith(created);
    expect(updates(created.id).some((v) => v.status === 'PAID')).toBe(false);
    await stillPendingThenPaid(created);
  });

  it.runIf(dialect === 'cics-pt')(
    'R$ 4,55: its reply in cents is read as R$ 4,55, the QR is shown, paid → Pago, fee R$ 0,23',
    async () => {
      const created = await hostCharge(host, 455);
      expect(created).toMatchObject({ status: 'PENDING', amountCents: 455 });
      expect(created.brcode).toMatch(/^000201.*54044\.55.*6304[0-9A-F]{4}$/);
      await sb.control('POST', `/charges/${created.externalId}/pay`);
      const paid = await eventually(
        async () => updates(created.id).find((v) => v.status === 'PAID'),
        20_000,
      );
      // Its integration document's example: `transactionFee: 23` (cents) for 4.55.
      expect(paid.feeCents).toBe(23);
    },
  );

  it.runIf(dialect === 'cics-pt')(
    'the crypto fees calculator is filled from its {quote, fees} reply, with ci/cs',
    async () => {
      const fees = await host.call<{ withdrawal_rate: number; usdt_rate: number }>(
        'account:cryptoFees',
        {},
      );
      if (!fees.ok) throw new Error(fees.message);
      expect(fees.value.withdrawal_rate).toBeGreaterThan(0);
      expect(fees.value.usdt_rate).toBeGreaterThan(0);
    },
  );

  it.runIf(dialect === 'cics-pt')('Testar conexão passes without a login', async () => {
    const r = await host.call('onboarding:test', {
      preset: 'cics-pt',
      baseUrl: sb.baseUrl,
      chargeOperation: 'transaction',
      clientId: DEMO_ACCOUNT.clientId,
      clientSecret: DEMO_ACCOUNT.clientSecret,
    });
    expect(r).toMatchObject({ ok: true, value: { passed: true } });
  });

  it.runIf(dialect === 'cics-pt')(
    'a MED callback: the owner is told the deadline, the list refreshes, the charge is marked',
    async () => {
      const list = (await sb.control('GET', '/charges')).body as Array<{
        id: string;
        externalId: string;
      }>;
      const pspId = list.find((c) => c.externalId === paidCharge.externalId)!.id;
      const inf = await sb.control('POST', '/infractions', { transactionId: pspId });
      expect(inf.status).toBe(201);
      const infractionId = (inf.body as { infractionId: string }).infractionId;
      // The screens hear of it with its deadline (worded by the renderer: MED_NOTICE).
      const changed = (
        await eventually(
          async () =>
            host.events.find(
              (e) =>
                e.event === 'infractions:changed' &&
                (e.payload as { infractionId: string }).infractionId === infractionId,
            ),
          20_000,
        )
      ).payload as { status: string; deadline: number };
      expect(changed.status).toBe('WAITING_PSP');
      expect(changed.deadline).toBeGreaterThan(Date.now());
      const notice = (
        await eventually(async () =>
          host.events.find(
            (e) =>
              e.event === 'app:notice' && (e.payload as { code: string }).code === 'MED_INFRACTION',
          ),
        )
      ).payload as { params?: { id?: string } };
      expect(notice.params?.id).toBe(infractionId);
      const marked = await host.call<ChargeView>('charges:get', { id: paidCharge.id });
      expect(marked.ok && marked.value.flags).toContain('MED_INFRACTION');
    },
  );

  it.runIf(dialect === 'veopag')(
    'a callback signed with the client secret is refused; the webhook secret’s → Pago',
    async () => {
      const created = await hostCharge(host, 1990);
      const list = (await sb.control('GET', '/charges')).body as Array<{
        id: string;
        externalId: string;
        callbackUrl: string;
      }>;
      const atPsp = list.find((c) => c.externalId === created.externalId)!;
      const body = JSON.stringify({
        type: 'Deposit',
        transaction_id: atPsp.id,
        external_id: atPsp.externalId,
        status: 'COMPLETED',
        amount: 19.9,
        fee: 0.2,
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const forged = await fetch(atPsp.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': ts,
          'x-webhook-signature': createHmac('sha256', DEMO_ACCOUNT.clientSecret)
            .update(`${ts}.${body}`)
            .digest('hex'),
        },
        body,
      });
      expect(forged.status).toBe(200); // the relay stores it; the app must refuse it
      await forgeryDealtWith(created);
      await stillPendingThenPaid(created);
    },
  );

  it.runIf(dialect === 'veopag')(
    'the create answer is lost: the retry’s flat 200 (idempotent) brings the QR, then Pago',
    async () => {
      await sb.control('POST', '/faults', {
        route: 'POST /payments/deposit',
        kind: 'drop',
        count: 1,
      });
      const created = await hostCharge(host, 3100);
      const shown = await eventually(
        async () => updates(created.id).find((v) => v.status === 'PENDING' && v.brcode),
        30_000,
      );
      expect(shown.brcode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      const atPsp = (
        (await sb.control('GET', '/charges')).body as Array<{ externalId: string }>
      ).filter((c) => c.externalId === created.externalId);
      expect(atPsp).toHaveLength(1); // one charge at the PSP, never two
      await sb.control('POST', `/charges/${created.externalId}/pay`);
      await eventually(async () => updates(created.id).some((v) => v.status === 'PAID'), 20_000);
    },
  );

  it.runIf(['veopag', 'axenpay', 'novaplex'].includes(dialect))(
    'its Bearer status query answers “Verificar de novo”',
    async () => {
      const created = await hostCharge(host, 1200);
      // The PSP is paid but the callback never reaches us (its URL refuses): only the query can tell.
      await sb.control('POST', `/charges/${created.externalId}/pay`);
      const r = await eventually(async () => {
        const q = await host.call<ChargeView>('charges:recheck', { id: created.id });
        return q.ok && q.value.status === 'PAID' ? q : undefined;
      }, 20_000);
      expect(r.ok).toBe(true);
    },
  );

  it('a withdrawal, followed to its end', async () => {
    // VeoPag requires the receiver's CPF for e-mail, phone and random keys.
    const w = await host.call<WithdrawalView>(
      'withdrawals:create',
      dialect === 'veopag'
        ? {
            amountCents: 5000,
            pixKeyType: 'EMAIL',
            pixKey: 'dona@padaria.example',
            receiverDocument: '529.982.247-25',
            receiverName: 'Maria Dona',
            description: 'Sangria',
          }
        : {
            amountCents: 5000,
            pixKeyType: 'PHONE',
            pixKey: '11912345678',
            description: 'Sangria',
          },
    );
    if (!w.ok) throw new Error(w.message);
    expect(w.value.status).toBe('PROCESSING');
    const list = (await sb.control('GET', '/charges')).body as Array<{
      kind: string;
      id: string;
    }>;
    const atPsp = list.filter((c) => c.kind === 'withdrawal');
    expect(atPsp).toHaveLength(1);
    await sb.control('POST', `/withdrawals/${atPsp[0]!.id}/complete`);
    await eventually(
      async () =>
        host.events.some(
          (e) =>
            e.event === 'withdrawals:updated' &&
            (e.payload as WithdrawalView).id === w.value.id &&
            (e.payload as WithdrawalView).status === 'COMPLETED',
        ),
      20_000,
    );
  });

  it('the MED list pages, and a defense is accepted in the PSP’s words', async () => {
    const page = await host.call<{
      items: Array<{ infractionId: string; status: string }>;
      hasNext: boolean;
    }>('infractions:list', { page: 1, perPage: 10 });
    if (!page.ok) throw new Error(page.message);
    expect(page.value.items).toHaveLength(10);
    expect(page.value.hasNext).toBe(true);
    const waiting = page.value.items.find((i) => i.status === 'WAITING_PSP')!;
    const sent = await host.call('infractions:defend', {
      infractionId: waiting.infractionId,
      analise: 'DISAGREED',
      justificativa: 'O cliente retirou a mercadoria; nota fiscal anexa.',
      proofs: ['https://padaria.example/nf/123.pdf'],
    });
    expect(sent).toMatchObject({ ok: true });
    const again = await host.call('infractions:defend', {
      infractionId: waiting.infractionId,
      analise: 'DISAGREED',
      justificativa: 'O cliente retirou a mercadoria; nota fiscal anexa.',
      proofs: ['https://padaria.example/nf/123.pdf'],
    });
    expect(again).toMatchObject({ ok: false, kind: 'conflict' });
  });
});
