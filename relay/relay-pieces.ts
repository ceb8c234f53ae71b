import type { FastifyBaseLogger } from 'fastify';
import { eventStreams } from './event-streams';
import { hookIntake } from './hook-intake';
import { shortId } from './logging';
import type { Metrics } from './metrics';
import { RateLimiter } from './rate-limit';
import { RefusalLog } from './refusal-log';
import type { RelayOptions } from './relay-options';
import { Subscribers } from './subscribers';

export interface RelayPiecesDeps {
  metrics: Metrics;
  /** Fastify's logger, once Fastify exists (these pieces are made before it). */
  log(): FastifyBaseLogger;
  now(): number;
  /** Closing: new callbacks are refused while accepted ones finish. */
  closing(): boolean;
}

/**
 * The relay's two flows and what they share: callbacks in (hook-intake.ts, rate-limited per
 * channel), streams out (event-streams.ts, to each channel's subscribers), and the refusals of
 * both logged as counts.
 */
export function relayPieces(o: RelayOptions, d: RelayPiecesDeps) {
  const { metrics, log, now } = d;
  const rate = o.ratePerSec ?? 1000;
  const burst = o.burst ?? 2000;
  const refusals = new RefusalLog(log, o.refusalLogIntervalMs ?? 10_000, now);
  const subscribers = new Subscribers(
    o.store,
    metrics,
    o.heartbeatMs ?? 15_000,
    (e, channelId) => {
      metrics.storeError('read');
      log().error({ err: e, channel: shortId(channelId) }, 'reading the store failed');
    },
    now,
  );
  const hooks = hookIntake({
    store: o.store,
    metrics,
    limiter: new RateLimiter(rate, burst, now),
    limit: { ratePerSec: rate, burst },
    maxBodyBytes: o.maxBodyBytes ?? 65536,
    answerWithinMs: o.answerWithinMs ?? 15_000,
    log,
    refusals,
    now,
    closing: d.closing,
  });
  const streams = eventStreams({
    store: o.store,
    subscribers,
    refusals,
    maxSubscribersPerChannel: o.maxSubscribersPerChannel ?? 10,
    log,
  });
  return { refusals, subscribers, hooks, streams };
}
