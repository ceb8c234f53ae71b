import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ConnectionDetailCode } from '../../../shared/codes';
import type { ConnectionStatus } from '../../../shared/views';
import { silentLogger, type Logger } from '../log';
import type { CallbackIntake } from './intake';

/** Where each event goes: the callback intake, or the shop journal's feed (same stream). */
export type RelayEventSink = Pick<CallbackIntake, 'handle'>;

export interface RelaySubscriberDeps {
  /** The relay's base URL, e.g. https://relay.example.com */
  relayUrl: string;
  channelId: string;
  token: () => Promise<string | null>;
  intake: RelayEventSink;
  /** The last event applied (stored in the ledger, advanced in the same transaction). */
  cursor: () => string | undefined;
  onState: (state: ConnectionStatus['state'], detail?: ConnectionDetailCode) => void;
  fetch?: typeof fetch;
  logger?: Logger;
  /**
   * Reconnect backoff: exponential from baseDelayMs (250) to maxDelayMs (1.5 s), with full
   * jitter; after `patientAfter` (20) failures in a row, up to `longDelayMs` (15 s).
   */
  baseDelayMs?: number;
  maxDelayMs?: number;
  patientAfter?: number;
  longDelayMs?: number;
  /** After this many failed attempts in a row the state becomes `offline` (polling takes over). */
  offlineAfter?: number;
  /**
   * The relay sends a heartbeat every 15 s: this long without a byte (two missed heartbeats)
   * means the stream is dead though the socket looks open. Default 30 000 ms.
   */
  silenceMs?: number;
  /**
   * The relay no longer holds the event we resume from (purged): callbacks may have been lost
   * in between, so every open charge must be asked about (reconciliation).
   */
  onGap?: () => void;
}

/**
 * The terminal's end of the relay: an SSE stream (parsed by eventsource-parser) resumed from
 * the ledger's cursor. Each event is handed to the callback intake — verify, deduplicate,
 * apply, advance the cursor, in one transaction — strictly in order. Connection trouble
 * reconnects with exponential backoff and full jitter.
 */
export class RelaySubscriber {
  private abort: AbortController | null = null;
  private stopped = false;
  private failures = 0;
  private readonly logger: Logger;

  constructor(private readonly deps: RelaySubscriberDeps) {
    this.logger = deps.logger ?? silentLogger;
  }

  start(): void {
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.connectOnce();
      } catch (e) {
        if (this.stopped) break;
        this.logger.warn('relay stream ended', {
          error: e instanceof Error ? e.message : String(e),
        });
      }
      if (this.stopped) break;
      this.failures++;
      const offline = this.failures >= (this.deps.offlineAfter ?? 5);
      this.deps.onState(
        offline ? 'offline' : 'reconnecting',
        offline ? 'RELAY_UNREACHABLE' : undefined,
      );
      // A relay restart takes seconds: payments made meanwhile must reach the screen within 2 s
      // of its return (issue 21), so the wait stays short (the 0.5 s → 30 s backoff left 2–16 s
      // at p99). A relay gone for long (20 failures, ~15 s) is asked less often: the status
      // query covers it meanwhile, and a fleet of terminals does not hammer a dead address.
      const max =
        this.failures > (this.deps.patientAfter ?? 20)
          ? (this.deps.longDelayMs ?? 15_000)
          : (this.deps.maxDelayMs ?? 1_500);
      const cap = Math.min(
        max,
        (this.deps.baseDelayMs ?? 250) * 2 ** Math.min(this.failures - 1, 10),
      );
      await new Promise((r) => setTimeout(r, Math.random() * cap));
    }
  }

  private async connectOnce(): Promise<void> {
    const token = await this.deps.token();
    if (!token) throw new Error('no relay channel token');
    this.abort = new AbortController();
    const cursor = this.deps.cursor();
    const res = await (this.deps.fetch ?? fetch)(
      `${this.deps.relayUrl}/channels/${encodeURIComponent(this.deps.channelId)}/events`,
      {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          ...(cursor && { 'last-event-id': cursor }),
        },
        signal: this.abort.signal,
      },
    );
    if (res.status !== 200 || !res.body) throw new Error(`relay answered HTTP ${res.status}`);
    this.failures = 0;
    this.deps.onState('connected');
    let chain: Promise<void> = Promise.resolve();
    const parser = createParser({
      onEvent: (msg: EventSourceMessage) => {
        chain = chain.then(() => this.apply(msg));
      },
    });
    const decoder = new TextDecoder();
    const abort = this.abort;
    let watchdog: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        // A silently dropped stream: say so now (polling takes over) and reconnect.
        this.logger.warn('relay stream silent: reconnecting');
        this.deps.onState('reconnecting', 'RELAY_SILENT');
        abort.abort();
      }, this.deps.silenceMs ?? 30_000);
      watchdog.unref?.();
    };
    arm();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        arm();
        parser.feed(decoder.decode(chunk, { stream: true }));
        await chain; // in order, and no unbounded queue if applying is slower than reading
      }
    } finally {
      clearTimeout(watchdog);
    }
    await chain;
    throw new Error('relay closed the stream');
  }

  private async apply(msg: EventSourceMessage): Promise<void> {
    if (msg.event === 'gap') {
      this.logger.warn('relay no longer holds the resume point: reconciling open charges');
      this.deps.onGap?.();
      return;
    }
    if (!msg.id) return;
    let event: { headers: Record<string, string>; body: string; bodyEncoding?: string };
    try {
      event = JSON.parse(msg.data);
    } catch {
      this.logger.warn('relay sent an unreadable event', { id: msg.id });
      return;
    }
    // A body that was not valid UTF-8 travels as base64: back to its exact bytes, so the HMAC
    // is checked over what the PSP signed (D7).
    const body = event.bodyEncoding === 'base64' ? Buffer.from(event.body, 'base64') : event.body;
    await this.deps.intake.handle({ headers: event.headers, body }, 'relay', {
      channel: this.deps.channelId,
      eventId: msg.id,
    });
  }
}
