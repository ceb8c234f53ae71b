import type { DestinationStream } from 'pino';
import type { LogLevel } from './logging';
import type { RelayStore } from './store';

/** How a relay is started (relay/cli.ts reads them from the environment). */
export interface RelayOptions {
  store: RelayStore;
  adminToken: string;
  port?: number;
  host?: string;
  /** Public base URL, for the hookUrl handed to the PSP (behind a TLS proxy). */
  publicUrl?: string;
  maxBodyBytes?: number;
  /**
   * Longest a callback waits for its answer (default 15 s): a store that neither accepts nor
   * refuses by then gets the PSP a 503 (which, as any 503, may have been stored).
   */
  answerWithinMs?: number;
  ratePerSec?: number;
  burst?: number;
  maxSubscribersPerChannel?: number;
  heartbeatMs?: number;
  retentionDays?: number;
  purgeIntervalMs?: number;
  /** Longest time a request's headers and body may take to arrive (default 10 s). */
  bodyTimeoutMs?: number;
  /** File descriptors kept free while slow clients are held (default 128). */
  fdReserve?: number;
  /** The descriptor limit the reserve is taken from (default: the process's own). */
  fdLimit?: number;
  /**
   * The bearer token `/metrics` asks for (RELAY_METRICS_TOKEN). Without one, only the admin
   * token opens it: metrics name channels' activity and are nobody else's business.
   */
  metricsToken?: string;
  /** Longest wait for the store's probe write before /readyz answers 503 (default 2 s). */
  readyTimeoutMs?: number;
  /** How often refused requests are written, as counts (default 10 s). */
  refusalLogIntervalMs?: number;
  /** Fastify's logger (pino JSON lines); off unless given (the embedded relay stays quiet). */
  log?: { level: LogLevel; stream?: DestinationStream };
  now?: () => number;
}
