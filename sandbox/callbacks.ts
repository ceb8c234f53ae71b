import { createHmac, randomUUID } from 'node:crypto';

/**
 * Callbacks (A7, A8, A12 in docs/psp-compatibility.md; unsigned in the cics-pt dialect): JSON body, `x-event-id` stable across retries,
 * `x-timestamp` (Unix seconds) and `x-signature` = hex HMAC-SHA256(client secret,
 * `{timestamp}.{body}`), re-signed on each attempt; retried with exponential backoff until a
 * 2xx or the attempts run out.
 */
export interface CallbackAttempt {
  at: string;
  status?: number;
  error?: string;
}

export interface CallbackRecord {
  eventId: string;
  url: string;
  body: string;
  attempts: CallbackAttempt[];
  delivered: boolean;
}

export interface CallbackOptions {
  baseDelayMs: number;
  maxAttempts: number;
  timeoutMs: number;
}

export const DEFAULT_CALLBACK_OPTIONS: CallbackOptions = {
  baseDelayMs: 500,
  maxAttempts: 8,
  timeoutMs: 5000,
};

export class CallbackSender {
  readonly log: CallbackRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly now: () => number,
    private readonly options: CallbackOptions,
  ) {}

  /** `secret` null: an unsigned callback (the cics-pt dialect), with no signature headers. */
  send(
    url: string,
    secret: string | null,
    payload: Record<string, unknown>,
    names: { signatureHeader: string; timestampHeader: string } = {
      signatureHeader: 'x-signature',
      timestampHeader: 'x-timestamp',
    },
  ): CallbackRecord {
    const record: CallbackRecord = {
      eventId: randomUUID(),
      url,
      body: JSON.stringify(payload),
      attempts: [],
      delivered: false,
    };
    this.log.push(record);
    void this.attempt(record, secret, names);
    return record;
  }

  private async attempt(
    record: CallbackRecord,
    secret: string | null,
    names: { signatureHeader: string; timestampHeader: string },
  ): Promise<void> {
    if (this.closed) return;
    const timestamp = String(Math.floor(this.now() / 1000));
    const signed: Record<string, string> = secret
      ? {
          'x-event-id': record.eventId,
          [names.timestampHeader]: timestamp,
          [names.signatureHeader]: createHmac('sha256', secret)
            .update(`${timestamp}.${record.body}`)
            .digest('hex'),
        }
      : {};
    const attempt: CallbackAttempt = { at: new Date(this.now()).toISOString() };
    record.attempts.push(attempt);
    try {
      const res = await fetch(record.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body: record.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      attempt.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        record.delivered = true;
        return;
      }
    } catch (e) {
      attempt.error =
        e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    }
    if (record.attempts.length >= this.options.maxAttempts || this.closed) return;
    const delay = this.options.baseDelayMs * 2 ** (record.attempts.length - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(record, secret, names);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
