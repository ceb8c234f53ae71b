import { describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/sandbox';
import { terminalForFile } from '../../helpers/sandbox-terminal';

const env = terminalForFile();

describe('PIX withdrawals', () => {
  it('ledger first, then PROCESSING; the PSP callback completes it', async () => {
    const r = await env.core.withdrawals.create({
      amountCents: 2500,
      pixKeyType: 'PHONE',
      pixKey: '(11) 98765-4321',
      description: 'Troco',
    });
    expect(r).toMatchObject({
      ok: true,
      value: { status: 'PROCESSING', pixKeyMasked: '+55***321' },
    });
    if (!r.ok) return;
    const psp = (
      (await env.sb.control('GET', '/charges')).body as Array<{
        kind: string;
        id: string;
        externalId: string;
      }>
    ).find((c) => c.externalId === r.value.externalId)!;
    await env.sb.control('POST', `/withdrawals/${psp.id}/complete`);
    await waitFor(
      () => env.core.withdrawals.list().find((w) => w.id === r.value.id)?.status === 'COMPLETED',
    );
    expect(
      env.events.some(
        (e) =>
          e.event === 'withdrawals:updated' &&
          (e.payload as { status: string }).status === 'COMPLETED',
      ),
    ).toBe(true);
  });

  it('a key that does not match its type is refused before anything is written', async () => {
    const before = env.core.withdrawals.list().length;
    expect(
      await env.core.withdrawals.create({
        amountCents: 100,
        pixKeyType: 'CPF',
        pixKey: 'ana@padaria.com.br',
      }),
    ).toMatchObject({ ok: false, code: 'PIX_KEY_INVALID' });
    expect(env.core.withdrawals.list()).toHaveLength(before);
  });

  it('an answer lost after sending leaves it UNCERTAIN, then the same id settles it (409 → PROCESSING), one at the PSP', async () => {
    await env.sb.control('POST', '/faults', { route: 'POST /withdrawals/withdraw', kind: 'drop' });
    const r = await env.core.withdrawals.create({
      amountCents: 1000,
      pixKeyType: 'EMAIL',
      pixKey: 'dono@loja.com.br',
    });
    expect(r).toMatchObject({ ok: true, value: { status: 'UNCERTAIN' } });
    if (!r.ok) return;
    await waitFor(
      () => env.core.withdrawals.list().find((w) => w.id === r.value.id)?.status === 'PROCESSING',
      8000,
    );
    const mine = (
      (await env.sb.control('GET', '/charges')).body as Array<{ externalId: string }>
    ).filter((c) => c.externalId === r.value.externalId);
    expect(mine).toHaveLength(1);
  });
});

describe('infractions (MED)', () => {
  it('lists with the defended flag, and a defense is recorded in the ledger and sent once', async () => {
    const page = await env.core.infractions.list(1, 10);
    expect(page).toMatchObject({ ok: true, value: { hasNext: true } });
    const waiting = page.ok
      ? page.value.items.find((i) => i.status === 'WAITING_PSP' && !i.defended)!
      : null;
    const sent = await env.core.infractions.defend({
      infractionId: waiting!.infractionId,
      analise: 'DISAGREED',
      justificativa: 'Produto entregue; nota fiscal anexa.',
      proofs: ['https://loja.example/nf.pdf'],
    });
    expect(sent).toMatchObject({ ok: true, value: { message: 'Defense received' } });
    const row = env.core.ledger.db
      .prepare('SELECT status, analise FROM defenses WHERE infraction_id = ?')
      .get(waiting!.infractionId);
    expect(row).toEqual({ status: 'SENT', analise: 'DISAGREED' });
    expect(
      await env.core.infractions.defend({
        infractionId: waiting!.infractionId,
        analise: 'AGREED',
        justificativa: 'Tentando de novo aqui.',
        proofs: [],
      }),
    ).toMatchObject({ ok: false, code: 'DEFENSE_ALREADY_SENT' });
    const again = await env.core.infractions.list(1, 10);
    expect(
      again.ok && again.value.items.find((i) => i.infractionId === waiting!.infractionId)?.defended,
    ).toBe(true);
  });

  it('refuses a short justification or a non-https proof before sending', async () => {
    expect(
      await env.core.infractions.defend({
        infractionId: 'inf-0009',
        analise: 'DISAGREED',
        justificativa: 'curta',
        proofs: [],
      }),
    ).toMatchObject({ ok: false, field: 'justificativa' });
    expect(
      await env.core.infractions.defend({
        infractionId: 'inf-0009',
        analise: 'DISAGREED',
        justificativa: 'Justificativa longa o bastante.',
        proofs: ['http://x.com'],
      }),
    ).toMatchObject({ ok: false, code: 'PROOF_NOT_HTTPS' });
  });
});
