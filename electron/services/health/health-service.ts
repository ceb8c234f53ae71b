import { randomInt } from 'node:crypto';
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import {
  healthOf,
  type HealthItem,
  type HealthLevel,
  type HealthSignals,
} from '../../../shared/domain/health';
import type { Err, Result } from '../../../shared/result';
import type { ConnectionStatus } from '../../../shared/views';
import { printerTarget, type PrinterKind } from '../../../shared/domain/printer-target';
import type { ReceiverPinState } from '../../../shared/domain/receiver-pin';

export interface HealthView {
  level: HealthLevel;
  items: HealthItem[];
  /** When the active checks (PSP, status query, printer, keychain) last ran; 0: never. */
  checkedAt: number;
}

export interface HealthDeps {
  now: () => number;
  connection: () => ConnectionStatus;
  relayConfigured: () => boolean;
  lastEventAt: () => number | undefined;
  clockSkewMs: () => number | undefined;
  toleranceSeconds: () => number;
  /** A light authenticated call (the balance): its failure code, or null when accepted. */
  pspCall: () => Promise<Result<unknown>>;
  hasStatusQuery: () => boolean;
  /** The status query through its shared budget (routine priority: never ahead of a sale). */
  statusQuery: (id: string) => Promise<Result<unknown>>;
  /** Whether the query's "not found" is in fact a route the PSP does not serve. */
  routeMissing: (id: string, e: Err) => Promise<boolean>;
  keychain: () => Promise<boolean>;
  /** Whether the mode in use reads secrets from the keychain (DEMO does not). */
  keychainNeeded: () => boolean;
  printer: () => { kind: PrinterKind; address: string };
  /**
   * How many charges wait on the PSP (uncertain, submitting, or pending past their expiry),
   * counted by the ledger: the panel refreshes every 10 s and must not load every open charge.
   */
  waitingCharges: (now: number) => number;
  receiver: () => ReceiverPinState | undefined;
  publish: (v: HealthView) => void;
}

/** The printer answers: a TCP connect to a network printer, a writable device file. */
export async function printerReachable(
  kind: PrinterKind,
  address: string,
  timeoutMs = 2_000,
): Promise<boolean | undefined> {
  const target = printerTarget(kind, address);
  if (!target.ok) return false;
  if (target.value === null) return undefined; // the system dialog: nothing to reach
  const tcp = /^tcp:\/\/\[?([^\]]+?)\]?:(\d+)$/.exec(target.value);
  if (tcp)
    return new Promise((resolve) => {
      const s = net.connect({ host: tcp[1]!, port: Number(tcp[2]) });
      const done = (v: boolean) => {
        s.destroy();
        resolve(v);
      };
      s.setTimeout(timeoutMs, () => done(false));
      s.once('connect', () => done(true));
      s.once('error', () => done(false));
    });
  return access(target.value, constants.W_OK).then(
    () => true,
    () => false,
  );
}

/**
 * The Saúde panel's thin shell: gathers the signals (the relay's state and last event, the PSP's
 * answers and `Date`, a status query on a random id, the keychain, the printer, the charges
 * waiting, the pinned receiver) and publishes `healthOf` of them when it changes.
 */
export class HealthService {
  private auth: HealthSignals['psp']['auth'] = 'unknown';
  private query: HealthSignals['statusQuery'] = { configured: false, result: 'unknown' };
  private keychain = true;
  private printer: boolean | undefined;
  private checkedAt = 0;
  private last = '';
  private running: Promise<HealthView> | null = null;

  constructor(private readonly d: HealthDeps) {}

  /** From what is known now, without asking anyone. */
  current(): HealthView {
    const d = this.d;
    const now = d.now();
    const conn = d.connection();
    const pin = d.receiver();
    const signals: HealthSignals = {
      now,
      relay: {
        configured: d.relayConfigured(),
        state: conn.state,
        ...(d.lastEventAt() !== undefined && { lastEventAt: d.lastEventAt()! }),
      },
      psp: { reachable: conn.psp ?? 'unknown', auth: this.auth },
      statusQuery: { ...this.query, configured: d.hasStatusQuery() },
      keychain: this.keychain,
      keychainNeeded: d.keychainNeeded(),
      printer: {
        kind: d.printer().kind === 'system' ? 'system' : 'escpos',
        ...(this.printer !== undefined && { reachable: this.printer }),
      },
      ...(d.clockSkewMs() !== undefined && { clockSkewMs: d.clockSkewMs()! }),
      toleranceSeconds: d.toleranceSeconds(),
      waiting: d.waitingCharges(now),
      receiver: {
        ...(pin && {
          pinned: {
            name: `${pin.receiver.merchantName} — ${pin.receiver.merchantCity}`,
            ...(pin.receiver.key !== undefined && { key: pin.receiver.key }),
            ...(pin.receiver.host !== undefined && { host: pin.receiver.host }),
            confirmed: pin.confirmed,
          },
        }),
        ...(pin?.refused && { refused: true }),
      },
    };
    return { ...healthOf(signals), checkedAt: this.checkedAt };
  }

  /**
   * Asks everyone now, then publishes. One run at a time: a caller arriving during a run gets
   * the next one (its answer reflects the moment it asked), and callers waiting share it.
   */
  check(): Promise<HealthView> {
    if (this.next) return this.next;
    const after = this.running ?? Promise.resolve();
    const mine: Promise<HealthView> = after
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        this.running = mine;
        return this.run();
      })
      .finally(() => {
        if (this.running === mine) this.running = null;
      });
    if (this.running) this.next = mine;
    else this.running = mine;
    return mine;
  }

  private next: Promise<HealthView> | null = null;

  /** Publishes the passive view when it changed (a relay state change, a charge resolved). */
  refresh(): HealthView {
    const v = this.current();
    const key = JSON.stringify({
      level: v.level,
      items: v.items.map((i) => [i.id, i.level, i.code]),
    });
    if (key !== this.last) {
      this.last = key;
      this.d.publish(v);
    }
    return v;
  }

  private async run(): Promise<HealthView> {
    const d = this.d;
    const [call, keychain, printer] = await Promise.all([
      d.pspCall(),
      d.keychain(),
      printerReachable(d.printer().kind, d.printer().address),
    ]);
    this.auth = call.ok
      ? 'ok'
      : call.code === 'PSP_AUTH' || call.code === 'CREDENTIALS_MISSING'
        ? 'refused'
        : this.auth === 'refused'
          ? 'unknown'
          : this.auth;
    this.keychain = keychain;
    this.printer = printer;
    if (d.hasStatusQuery()) {
      // An id that cannot exist: "not found" proves route and auth, as in Testar conexão.
      const id = `9${String(randomInt(1e9)).padStart(9, '0')}${randomInt(1e5)}`;
      const r = await d.statusQuery(id);
      this.query = r.ok
        ? { configured: true, result: 'failed', code: 'QUERY_FOUND_RANDOM_ID' }
        : r.code !== 'PSP_NOT_FOUND'
          ? { configured: true, result: 'failed', code: r.code }
          : (await d.routeMissing(id, r))
            ? { configured: true, result: 'failed', code: 'ROUTE_MISSING' }
            : { configured: true, result: 'ok' };
    }
    this.checkedAt = d.now();
    const v = this.refresh();
    return v;
  }
}
