import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallbackPolicy } from '../../../../../shared/psp-settings';
import { pspSettingsSchema } from '../../../../../shared/psp-settings';
import { defaultSettings } from '../../../../../shared/settings';
import { SELF_TEST_TYPE } from '../../../../../shared/domain/self-test';
import { CallbackIntake } from '../../../../../electron/services/callbacks/intake';
import { ChargeService } from '../../../../../electron/services/charges/charge-service';
import { Ledger } from '../../../../../electron/services/ledger/ledger';
import { PspClient } from '../../../../../electron/services/psp/client';
import { WithdrawalService } from '../../../../../electron/services/withdrawals/withdrawal-service';
import { CALLBACK_SECRET, signedCallback } from '../../../../helpers/terminal';

// Issue 35: a callback's JSON is parsed once, at the edge (received.ts), whatever path it takes
// through the intake (believed, refused, a hint, an API Pix webhook). The real intake over a real
// SQLite ledger; JSON.parse is watched (a spy on the global, no module replaced) and only its
// calls over this callback's text are counted, so the ledger's own reads do not blur the count.
const ledgers: Ledger[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  ledgers.splice(0).forEach((l) => l.close());
});

function intake(policy: CallbackPolicy) {
  const ledger = Ledger.open(path.join(mkdtempSync(path.join(os.tmpdir(), 'once-')), 'l.sqlite'));
  ledgers.push(ledger);
  const settings = defaultSettings();
  const psp = new PspClient({
    settings: pspSettingsSchema.parse({ baseUrl: 'http://127.0.0.1:1/api' }),
    credentials: async () => null,
  });
  return new CallbackIntake({
    ledger,
    charges: new ChargeService({
      ledger,
      psp: () => psp,
      settings: () => settings,
      callbackUrl: () => '',
      terminalId: 't',
      demo: false,
    }),
    withdrawals: new WithdrawalService({
      ledger,
      psp: () => psp,
      callbackUrl: () => '',
      maxAmountCents: () => 1,
    }),
    secrets: async () => ({ current: CALLBACK_SECRET }),
    settings: () => settings.psp.callback,
    policy: () => policy,
  });
}

/** How many times the callback's own text went through JSON.parse while the intake handled it. */
async function parsesOf(policy: CallbackPolicy, raw: { headers: object; body: string }) {
  const parse = vi.spyOn(JSON, 'parse');
  const result = await intake(policy).handle(
    raw as Parameters<CallbackIntake['handle']>[0],
    'test',
  );
  const count = parse.mock.calls.filter(([text]) => text === raw.body).length;
  parse.mockRestore();
  return { result, count };
}

const pix = { endToEndId: 'E12345678202611261200abcdefghijk', valor: '12.34', horario: 'x' };

describe("a callback's JSON is parsed once per callback", () => {
  it('a signed callback, believed and recorded', async () => {
    const r = await parsesOf('hmac', signedCallback({ id: 'x-1', status: 'PAID', amount: 10 }));
    expect(r.result).toMatchObject({ accepted: true });
    expect(r.count).toBe(1);
  });

  it('a forged callback, refused and kept with the ids it names', async () => {
    const raw = signedCallback({ id: 'x-2', status: 'PAID' }, 'ev-2', Date.now(), 'wrong');
    const r = await parsesOf('hmac', raw);
    expect(r.result).toEqual({ accepted: false, code: 'CALLBACK_BAD_SIGNATURE' });
    expect(r.count).toBe(1);
  });

  it('a signed body that is not JSON, refused as unreadable', async () => {
    const body = '{"id": "x-3", status';
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', CALLBACK_SECRET).update(`${ts}.${body}`).digest('hex');
    const headers = { 'x-timestamp': ts, 'x-signature': signature };
    const r = await parsesOf('hmac', { headers, body });
    expect(r.result).toEqual({ accepted: false, code: 'CALLBACK_BAD_BODY' });
    expect(r.count).toBe(1);
  });

  it('confirm-by-query: a family body and an API Pix webhook, each a hint', async () => {
    for (const body of [{ id: 'x-4', status: 'PAID' }, { pix: [{ ...pix, txid: 'blcA' }] }]) {
      const r = await parsesOf('confirm-by-query', { headers: {}, body: JSON.stringify(body) });
      expect(r.result).toMatchObject({ accepted: true });
      expect(r.count).toBe(1);
    }
  });

  it('a body that only looks like the self-test goes on, still parsed once', async () => {
    const raw = signedCallback({ type: SELF_TEST_TYPE, id: 'x-5', status: 'PAID', amount: 1 });
    const r = await parsesOf('hmac', raw);
    expect(r.result).toMatchObject({ accepted: true });
    expect(r.count).toBe(1);
  });
});
