import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { payer, tempDir } from '../../helpers/core';
import { startHost } from '../../helpers/devhost';
import { DEMO_ACCOUNT, eventually, waitFor } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// kill -9 of the real host process at the two dangerous moments; on restart the charge is
// recovered and resolved, and the PSP holds exactly one charge for its id.
const env = sandboxForFile();

const hostEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  BALCAO_DATA_DIR: dataDir,
  BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
  BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
  ...extra,
});

/** Reads the ledger file directly (another process writes it; WAL allows this reader). */
function ledgerRows(dataDir: string): Array<{ id: string; external_id: string; status: string }> {
  const db = new Database(path.join(dataDir, 'ledger.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db.prepare('SELECT id, external_id, status FROM charges').all() as Array<{
      id: string;
      external_id: string;
      status: string;
    }>;
  } finally {
    db.close();
  }
}

const atPsp = async (externalId: string) =>
  ((await env.sb.control('GET', '/charges')).body as Array<{ externalId: string }>).filter(
    (c) => c.externalId === externalId,
  );

async function restartAndResolve(dataDir: string, chargeId: string) {
  const host = await startHost(['--psp', env.sb.baseUrl], hostEnv(dataDir));
  try {
    return await eventually(async () => {
      const r = await host.call<ChargeView>('charges:get', { id: chargeId });
      return r.ok && r.value.status === 'PENDING' ? r.value : undefined;
    }, 15_000);
  } finally {
    await host.stop();
  }
}

describe('crash safety (kill -9 of the host)', () => {
  it.each([
    ['latency', 'the PSP processes the request and answers late'],
    ['timeout', 'the PSP never processes it'],
  ])('(a) after the ledger write, before the PSP answers (%s: %s)', async (kind) => {
    const dataDir = tempDir();
    await env.sb.control('POST', '/faults', { route: 'POST /payments/deposit', kind, value: 5000 });
    const host = await startHost(['--psp', env.sb.baseUrl], hostEnv(dataDir));
    void host.call('charges:create', { amountCents: 4321, payer });
    const row = await waitFor(() => {
      try {
        return ledgerRows(dataDir).find((r) => r.status === 'SUBMITTING');
      } catch {
        return undefined;
      }
    });
    await host.kill9();
    await env.sb.control('DELETE', '/faults');
    expect(ledgerRows(dataDir)[0]).toMatchObject({ status: 'SUBMITTING' });

    const view = await restartAndResolve(dataDir, row.id);
    expect(view.brcode).toMatch(/^000201/);
    expect(view.amountCents).toBe(4321);
    expect(await atPsp(row.external_id)).toHaveLength(1);
  });

  it('(b) after the PSP answered, before the ledger and the UI saw it', async () => {
    const dataDir = tempDir();
    const host = await startHost(
      ['--psp', env.sb.baseUrl],
      hostEnv(dataDir, { BALCAO_TEST_CRASH_AFTER_PSP: '1' }),
    );
    const r = await host.call('charges:create', { amountCents: 5555, payer });
    expect(r).toMatchObject({ ok: false, code: 'HOST_GONE' }); // the UI never got the answer
    await waitFor(() => host.child.exitCode !== null || host.child.signalCode !== null);
    const [row] = ledgerRows(dataDir);
    expect(row).toMatchObject({ status: 'SUBMITTING' });
    expect(await atPsp(row!.external_id)).toHaveLength(1);

    const view = await restartAndResolve(dataDir, row!.id);
    expect(view.brcode).toMatch(/^000201/);
    expect(await atPsp(row!.external_id)).toHaveLength(1);
  });
});
