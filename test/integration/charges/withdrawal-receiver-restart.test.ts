import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreOn, tempDir } from '../../helpers/core';
import {
  DEMO_ACCOUNT,
  eventually,
  sandbox,
  waitFor,
  type TestSandbox,
} from '../../helpers/sandbox';

// VeoPag requires the receiver's CPF/CNPJ (`taxId`) for an e-mail key. A withdrawal whose answer
// never came is resent after the app restarts (real SQLite ledger on disk, the same data
// directory): the resend must carry the receiver the owner typed, or the PSP refuses it.
let sb: TestSandbox;
beforeAll(async () => {
  sb = await sandbox({ dialect: 'veopag' });
});
afterAll(() => sb?.close());

describe('withdrawal receiver across a restart', () => {
  it('an e-mail-key withdrawal with the receiver’s CPF, unanswered, is resent after a restart with it and completes', async () => {
    const dataDir = tempDir();
    const open = () =>
      coreOn(sb.baseUrl, {
        dataDir,
        pspPreset: 'veopag',
        // Its withdrawal callbacks are signed with the panel's webhook secret.
        pspOverride: {
          baseUrl: sb.baseUrl,
          credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
          webhookSecret: DEMO_ACCOUNT.webhookSecret!,
        },
      });
    const first = await open();
    first.core.settings.update({ psp: { requestTimeoutMs: 1000 } });
    await first.core.start();
    // The PSP takes the request and never answers: the app cannot know, so it is UNCERTAIN.
    await sb.control('POST', '/faults', { route: 'POST /withdrawals/withdraw', kind: 'timeout' });
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
      const list = (await sb.control('GET', '/charges')).body as Array<{
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
    await sb.control('POST', `/withdrawals/${sent.id}/complete`);
    await waitFor(
      () => second.core.withdrawals.list().find((w) => w.id === r.value.id)?.status === 'COMPLETED',
      15_000,
    );
    await second.core.stop();
  });
});
