import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/services/golive/connection-test';
import { Redactor } from '../../../electron/services/log';
import type { CheckLine } from '../../../shared/domain/connection-checks';
import { pspPresetSettings, type PspPresetId } from '../../../shared/psp-presets';
import type { DialectId } from '../../../sandbox/dialect';
import { coreOn, payer, tempDir } from '../../helpers/core';
import { pspClient } from '../../helpers/psp-client';
import { startRelayProcess } from '../../helpers/relay-process';
import { deadUrl, DEMO_ACCOUNT, eventually, sandbox } from '../../helpers/sandbox';
import { sandboxForFile } from '../../helpers/sandbox-terminal';
import type { ChildProcess } from 'node:child_process';
import { selfSignedServer } from '../../helpers/self-signed';

// `Testar conexão` as the owner runs it, per preset, against the sandbox speaking that preset's
// dialect and a real relay process on loopback: every line ✓ when all works, and each fault
// turns its own line ✗ (with the reason) and the verdict with it.
const ADMIN = 'admin-token-for-connection-checks-0123456789';
let relay: { url: string; child: ChildProcess };
let relayDir: string;

const newChannel = async (): Promise<{ channelId: string; token: string }> => {
  const res = await fetch(`${relay.url}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  return (await res.json()) as { channelId: string; token: string };
};

beforeAll(async () => {
  relayDir = tempDir();
  relay = await startRelayProcess({
    adminToken: ADMIN,
    store: `sqlite:${path.join(relayDir, 'relay.db')}`,
  });
}, 30_000);
afterAll(async () => {
  if (relay && relay.child.exitCode === null) {
    const gone = new Promise((r) => relay.child.once('exit', r));
    relay.child.kill('SIGTERM');
    await gone;
  }
  rmSync(relayDir, { recursive: true, force: true });
});

const line = (checks: CheckLine[], id: CheckLine['id']) => checks.find((c) => c.id === id);

/** Line `id` ✗ for `problem` (with whatever else `more` says), and so the verdict fails. */
const expectFailed = (
  r: { checks: CheckLine[]; passed: boolean },
  id: CheckLine['id'],
  problem: string,
  more: Partial<CheckLine> = {},
) => {
  expect(line(r.checks, id)).toMatchObject({ state: 'fail', problem, ...more });
  expect(r.passed).toBe(false);
};

const PRESETS: Array<[PspPresetId, DialectId]> = [
  ['seed', 'seed'],
  ['cics-pt', 'cics-pt'],
  ['bearer-snake', 'bearer-snake'],
  ['veopag', 'veopag'],
  ['axenpay', 'axenpay'],
  ['novaplex', 'novaplex'],
  ['pagloop', 'seed'],
];

/** The status query's route in each dialect, as the sandbox's fault table names it. */
const STATUS_ROUTE: Partial<Record<PspPresetId, string>> = {
  'cics-pt': 'POST /transactions/check',
  veopag: 'GET /transactions/deposit',
  axenpay: 'GET /transactions/getStatusTransac/:id',
  novaplex: 'GET /payments/deposit/:id',
};

describe.each(PRESETS)('Testar conexão, preset %s', (preset, dialect) => {
  const env = sandboxForFile({ dialect });
  let channel: { channelId: string; token: string };
  beforeAll(async () => {
    channel = await newChannel();
  }, 30_000);
  const run = (over: { webhookSecret?: string | null; relayUrl?: string; token?: string } = {}) =>
    testConnection({
      settings: pspPresetSettings(preset),
      baseUrl: env.sb.baseUrl,
      credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
      redactor: new Redactor(),
      now: Date.now,
      webhookSecret:
        over.webhookSecret !== undefined
          ? over.webhookSecret
          : (DEMO_ACCOUNT.webhookSecret ?? null),
      relay: {
        url: over.relayUrl ?? relay.url,
        channelId: channel.channelId,
        token: over.token ?? channel.token,
      },
      callbackBoundMs: 8000,
    });
  /** The check run while `route` answers `status`; the fault is cleared after. */
  const runWithFault = async (route: string, status: number) => {
    await env.sb.control('POST', '/faults', { route, kind: 'status', value: status, count: 5 });
    try {
      return await run();
    } finally {
      await env.sb.control('DELETE', '/faults');
    }
  };

  it('everything works: every line ✓, and the verdict passed', async () => {
    const r = await run();
    expect(r.checks.filter((c) => c.state !== 'pass')).toEqual([]);
    expect(r.passed).toBe(true);
    const ids = r.checks.map((c) => c.id);
    // What each preset uses, and nothing else.
    expect(ids.includes('login')).toBe(preset !== 'cics-pt');
    expect(ids.includes('statusQuery')).toBe(preset in STATUS_ROUTE);
    expect(ids.includes('webhookSecret')).toBe(preset === 'veopag');
    expect(ids).toContain('callback');
    expect(ids).toContain('cryptoFees');
  }, 30_000);

  it('relay unreachable: the callback line ✗ and the verdict fails', async () => {
    const r = await run({ relayUrl: (await deadUrl('')).replace(/\/$/, '') });
    expectFailed(r, 'callback', 'RELAY_UNREACHABLE');
  }, 30_000);

  it('a wrong channel token: the callback line says the relay refused it', async () => {
    const r = await run({ token: 'not-the-channel-token-000000' });
    expectFailed(r, 'callback', 'RELAY_TOKEN_REFUSED');
  }, 30_000);

  it('fees route missing: the fees line ✗ with "route missing", and the verdict fails', async () => {
    const r = await runWithFault('GET /crypto/fees', 404);
    expectFailed(r, 'cryptoFees', 'ROUTE_MISSING');
    expect(line(r.checks, 'balance')).toMatchObject({ state: 'pass' });
  }, 30_000);

  it.runIf(preset in STATUS_ROUTE)(
    'status query 401: its line ✗ "credentials refused" with the PSP\'s words; never OK',
    async () => {
      const r = await runWithFault(STATUS_ROUTE[preset]!, 401);
      expectFailed(r, 'statusQuery', 'WRONG_CREDENTIALS');
      expect(line(r.checks, 'balance')).toMatchObject({ state: 'pass' });
    },
    30_000,
  );

  it.runIf(preset in STATUS_ROUTE && preset !== 'veopag')(
    'a status query path the PSP does not serve: its 404 is told from "not found"',
    async () => {
      const r = await testConnection({
        settings: { ...pspPresetSettings(preset), statusQueryPath: '/no/such/route/{id}' },
        baseUrl: env.sb.baseUrl,
        credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
        redactor: new Redactor(),
        now: Date.now,
        relay: null,
      });
      expectFailed(r, 'statusQuery', 'ROUTE_MISSING');
    },
    30_000,
  );

  it.runIf(preset === 'veopag')(
    'wrong webhook secret: the callback line ✗ "signature does not match", right one ✓',
    async () => {
      // A real callback from the PSP reaches the relay first (a paid charge)…
      const { client } = pspClient(env.sb.baseUrl, pspPresetSettings('veopag'));
      const created = await client.createDeposit({
        amountCents: 1234,
        externalId: `ext-${Date.now()}`,
        callbackUrl: `${relay.url}/hooks/${channel.channelId}`,
        payer: { ...payer, document: '12345678909', phone: '5511912345678' },
      });
      if (!created.ok) throw new Error(JSON.stringify(created));
      await env.sb.control('POST', `/charges/${created.value.transactionId}/pay`);
      // …then the test, with a secret that does not sign it.
      const wrong = await eventually(async () => {
        const r = await run({ webhookSecret: 'not-the-panel-secret' });
        return line(r.checks, 'callback')?.state === 'fail' ? r : undefined;
      }, 15_000);
      expectFailed(wrong, 'callback', 'SIGNATURE_MISMATCH', { signatureChecked: true });
      const right = await run();
      expect(line(right.checks, 'callback')).toMatchObject({
        state: 'pass',
        signatureChecked: true,
      });
      expect(right.passed).toBe(true);
    },
    40_000,
  );

  it.runIf(preset === 'veopag')(
    'no webhook secret set: its line says so',
    async () => {
      const r = await run({ webhookSecret: null });
      expectFailed(r, 'webhookSecret', 'SECRET_MISSING');
    },
    30_000,
  );
});

describe('the relay URL with a certificate that does not verify', () => {
  it('the callback line ✗ "TLS", never OK', async () => {
    const server = await selfSignedServer();
    const sb = await sandbox();
    try {
      const port = server.port;
      const r = await testConnection({
        settings: pspPresetSettings('seed'),
        baseUrl: sb.baseUrl,
        credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
        redactor: new Redactor(),
        now: Date.now,
        relay: { url: `https://127.0.0.1:${port}`, channelId: 'c', token: 'x'.repeat(32) },
      });
      expectFailed(r, 'callback', 'RELAY_TLS');
    } finally {
      await sb.close();
      await server.close();
    }
  }, 30_000);
});

// Issue 34, Deliver 4: with no relay, Testar conexão passes only when the status query confirms
// payments, and says so in the same words as Saúde and the Caixa's line (one decision:
// shared/domain/health.ts confirmationPath).
describe('Testar conexão without a relay', () => {
  const env = sandboxForFile({ dialect: 'seed' });
  const run = (preset: PspPresetId) =>
    testConnection({
      settings: pspPresetSettings(preset),
      baseUrl: env.sb.baseUrl,
      credentials: { clientId: DEMO_ACCOUNT.clientId, clientSecret: DEMO_ACCOUNT.clientSecret },
      redactor: new Redactor(),
      now: Date.now,
      webhookSecret: null,
      relay: null,
    });

  it('a profile with no status query: nothing can confirm a payment, so never "Conexão OK"', async () => {
    const r = await run('seed');
    expect(line(r.checks, 'callback')).toMatchObject({
      state: 'skipped',
      problem: 'NO_CONFIRMATION',
    });
    expect(r.passed).toBe(false);
  }, 30_000);

  it("the Caixa's health line (Saúde's worst item) says the same for that set-up", async () => {
    const t = await coreOn(env.sb.baseUrl, { statusQuery: false });
    try {
      const v = t.core.health.refresh();
      expect(v.items.find((i) => i.id === 'relay')).toMatchObject({
        level: 'bad',
        code: 'noConfirmation',
      });
      expect(v.level).toBe('bad');
    } finally {
      await t.core.stop();
    }
  }, 30_000);
});
