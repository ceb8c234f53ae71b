import type { CallbackIntake } from '../callbacks/intake';
import { startLocalReceiver } from '../callbacks/local-receiver';
import { RelaySubscriber } from '../callbacks/relay-subscriber';
import type { Ledger } from '../ledger/ledger';
import type { Logger } from '../log';
import type { ConnectionMonitor } from './connection-monitor';

export interface RelayEndpoint {
  url: string;
  channelId: string;
  token: () => Promise<string | null>;
}

export interface CallbackSourceDeps {
  ledger: Ledger;
  intake: CallbackIntake;
  monitor: ConnectionMonitor;
  logger: Logger;
  /** Whether the PSP answers a status query (polling is then the fallback). */
  hasStatusQuery: () => boolean;
  /** Whether the PSP is on loopback (it can then call the local receiver directly). */
  loopbackPsp: () => boolean;
  /** Silence after which the relay stream counts as dead (RelaySubscriber; default 30 s). */
  silenceMs?: number;
  /** The relay says events may be missing (a `gap`): ask the PSP about every open charge. */
  onGap?: () => void;
}

/**
 * Where callbacks come from: a relay channel read over SSE when one is configured, else the
 * loopback receiver (a PSP on this machine), else nothing (polling by status query). `use()`
 * switches source at run time (DEMO → live), keeping the loopback receiver's port.
 */
export class CallbackSource {
  private relay: RelayEndpoint | null = null;
  private subscriber: RelaySubscriber | null = null;
  private receiver: Awaited<ReturnType<typeof startLocalReceiver>> | null = null;
  private started = false;

  constructor(private readonly deps: CallbackSourceDeps) {}

  /** Opens the loopback receiver on the port used last time (older callbacks still find us). */
  async open(): Promise<void> {
    const { ledger, intake } = this.deps;
    const savedPort = ledger.kv.get<number>('callbacks.localPort') ?? 0;
    this.receiver = await startLocalReceiver(intake, savedPort).catch(() =>
      startLocalReceiver(intake, 0),
    );
    ledger.kv.set('callbacks.localPort', this.receiver.port);
  }

  /** The URL the PSP calls back: the relay's hook, else the loopback receiver. */
  url(): string {
    return this.relay
      ? `${this.relay.url}/hooks/${this.relay.channelId}`
      : (this.receiver?.url ?? '');
  }

  /** True while callbacks stream from a relay (polling then stays idle). */
  streaming(): boolean {
    return !!this.relay && this.deps.monitor.get().state === 'connected';
  }

  /** Switches to a relay (or to none) and reports the new state. */
  use(relay: RelayEndpoint | null): void {
    this.subscriber?.stop();
    this.subscriber = null;
    this.relay = relay;
    const { monitor, ledger, intake, logger } = this.deps;
    if (relay) {
      this.subscriber = new RelaySubscriber({
        relayUrl: relay.url,
        channelId: relay.channelId,
        token: relay.token,
        intake,
        cursor: () => ledger.events.cursor(relay.channelId),
        onState: (state, detail) =>
          state === 'offline' ? this.fallback() : monitor.set(state, detail),
        logger,
        ...(this.deps.silenceMs && { silenceMs: this.deps.silenceMs }),
        ...(this.deps.onGap && { onGap: this.deps.onGap }),
      });
      monitor.set('reconnecting', 'RELAY_CONNECTING');
      if (this.started) this.subscriber.start();
    } else if (this.deps.loopbackPsp()) monitor.set('connected', 'CALLBACKS_DIRECT');
    else this.fallback();
  }

  private fallback(): void {
    if (this.deps.hasStatusQuery()) this.deps.monitor.set('polling', 'CALLBACKS_POLLING');
    else this.deps.monitor.set('offline', 'CALLBACKS_NONE');
  }

  start(): void {
    this.started = true;
    this.subscriber?.start();
  }

  async close(): Promise<void> {
    this.started = false;
    this.subscriber?.stop();
    await this.receiver?.close();
  }
}
