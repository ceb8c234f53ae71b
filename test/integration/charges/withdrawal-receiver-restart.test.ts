import { describe, expect, it } from 'vitest';
import { coreOn, tempDir } from '../../helpers/core';
import { DEMO_ACCOUNT, eventually, waitFor } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// VeoPag requires the receiver's CPF/CNPJ (`taxId`) for an e-mail key. A withdrawal whose answer
// never came is resent after the app restarts (real SQLite ledger on disk, the same data
// directory): the resend must carry the receiver the owner typed, or the PSP refuses it.
const env = sandboxForFile({ dialect: 'veopag' });

describe('withdrawal receiver across a restart', () => {
  it('an e-mail-key withdrawal with the receiver’s CPF, unanswered, is resent after a restart with it and completes', async () => {
    const dataDir = tempDir();
    const open = () =>
      coreOn(env.sb.baseUrl, {
        dataDir,
        pspPreset: 'veopag',
        // Its withdrawal callbacks are signed with the panel's webhook secret.
        pspOverride: {
          baseUrl: env.sb.baseUrl,
          credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
          webhookSecret: DEMO_ACCOUNT.webhookSecret!,
        },
      });
    const first = await open();
    first.core.settings.update({ psp: { requestTimeoutMs: 1000 } });
    await first.core.start();
    // The PSP takes the request and never answers: the app cannot know, so it is UNCERTAIN.
    await env.sb.control('POST', '/faults', {
      route: 'POST /withdrawals/withdraw',
      kind: 'timeout',
    });
    const r = await first.core.withdrawals.create({
      amountCents: 2500,
      pixKeyType: 'EMAIL',
      pixKey: 'fornecedor@padaria.com.br',
      receiverDocument: '123.456.789-09',
      receiverName: 'Fornecedor Ltda',
    });
    expect(r).toMatchObject({ ok: true, value: { status: 'UNCERTAIN' } });
    if (!r.ok) return;
    // Stopped before its retry: only the ledger remembers the receiver now.
    await first.core.stop();

    const second = await open();
    await second.core.start();
    const sent = await eventually(async () => {
      const list = (await env.sb.control('GET', '/charges')).body as Array<{
        id: string;
        externalId: string;
      }>;
      return list.find((c) => c.externalId === r.value.externalId);
    }, 15_000);
    await waitFor(
      () =>
        second.core.withdrawals.list().find((w) => w.id === r.value.id)?.status === 'PROCESSING',
      15_000,
    );
    await env.sb.control('POST', `/withdrawals/${sent.id}/complete`);
    await waitFor(
      () => second.core.withdrawals.list().find((w) => w.id === r.value.id)?.status === 'COMPLETED',
      15_000,
    );
    await second.core.stop();
  });
});
