import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { CallbackIntake, type CallbackIntakeDeps } from '../../electron/services/callbacks/intake';
import { RelaySubscriber } from '../../electron/services/callbacks/relay-subscriber';
import { ChargeService } from '../../electron/services/charges/charge-service';
import { Ledger } from '../../electron/services/ledger/ledger';
import { PspClient } from '../../electron/services/psp/client';
import { WithdrawalService } from '../../electron/services/withdrawals/withdrawal-service';
import { pspSettingsSchema } from '../../shared/psp-settings';
import { defaultSettings } from '../../shared/settings';
import { tempDir } from './core';

export const CALLBACK_SECRET = 'demo-client-secret';

/**
 * A terminal's callback path alone: a real SQLite ledger, the real intake and relay subscriber
 * (no PSP calls are made: events for unknown charges are still recorded, once each).
 */
export function relayTerminal(o: {
  relayUrl: string;
  channelId: string;
  token: string;
  ledgerFile?: string;
  intake?: (deps: CallbackIntakeDeps) => CallbackIntake;
  onGap?: () => void;
}) {
  const ledger = Ledger.open(o.ledgerFile ?? path.join(tempDir(), 'ledger.sqlite'));
  const settings = defaultSettings();
  const psp = new PspClient({
    settings: pspSettingsSchema.parse({ baseUrl: 'http://127.0.0.1:1/api' }),
    credentials: async () => null,
  });
  const charges = new ChargeService({
    ledger,
    psp: () => psp,
    settings: () => settings,
    callbackUrl: () => '',
    terminalId: 't',
    demo: false,
  });
  const withdrawals = new WithdrawalService({
    ledger,
    psp: () => psp,
    callbackUrl: () => '',
    maxAmountCents: () => 1,
  });
  const deps: CallbackIntakeDeps = {
    ledger,
    charges,
    withdrawals,
    secrets: async () => ({ current: CALLBACK_SECRET }),
    settings: () => settings.psp.callback,
  };
  const intake = o.intake ? o.intake(deps) : new CallbackIntake(deps);
  const states: string[] = [];
  const subscriber = new RelaySubscriber({
    relayUrl: o.relayUrl,
    channelId: o.channelId,
    token: async () => o.token,
    intake,
    cursor: () => ledger.events.cursor(o.channelId),
    onState: (s) => states.push(s),
    baseDelayMs: 50,
    maxDelayMs: 400,
    ...(o.onGap && { onGap: o.onGap }),
  });
  subscriber.start();
  const count = () =>
    (ledger.db.prepare('SELECT COUNT(*) AS n FROM callback_events').get() as { n: number }).n;
  return { ledger, subscriber, states, count, seen: (id: string) => ledger.events.seen(id) };
}

/**
 * A callback as the PSP signs it (A8), computed with node:crypto: never with the code under
 * test. `nowMs` is the signer's clock; the body is serialised once and sent as is.
 */
export function signedCallback(
  body: object,
  eventId: string = randomUUID(),
  nowMs = Date.now(),
  secret = CALLBACK_SECRET,
) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(nowMs / 1000));
  return {
    headers: {
      'x-event-id': eventId,
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex'),
    },
    body: raw,
  };
}
