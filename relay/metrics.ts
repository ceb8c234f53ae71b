import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The relay's Prometheus metrics, on prom-client (the Node client the Prometheus project lists):
 * one registry per relay instance (tests run several in one process), histograms with buckets so
 * p50/p99 of intake→append and append→delivery can be watched, process metrics, and store
 * errors by store and operation.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly receivedC: Counter;
  private readonly deliveredC: Counter;
  private readonly rejectedC: Counter<'reason'>;
  private readonly storeErrorsC: Counter<'store' | 'op'>;
  private readonly subscribersG: Gauge;
  private readonly appendH: Histogram;
  private readonly deliveryH: Histogram;
  /** Plain counts too, for tests and the CLI's summary (prom-client's reads are async). */
  received = 0;
  delivered = 0;
  subscribers = 0;
  readonly rejected: Record<string, number> = {};

  constructor(readonly store = 'sqlite') {
    const registers = [this.registry];
    // From 0.5 ms (SQLite's append) to 10 s (a quorum commit during a leader election).
    const buckets = [
      0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ];
    this.receivedC = new Counter({
      name: 'relay_callbacks_received_total',
      help: 'Callbacks stored durably (answered 200).',
      registers,
    });
    this.rejectedC = new Counter({
      name: 'relay_callbacks_rejected_total',
      help: 'Callbacks refused, by reason.',
      labelNames: ['reason'],
      registers,
    });
    this.deliveredC = new Counter({
      name: 'relay_events_delivered_total',
      help: 'Events written to subscribers.',
      registers,
    });
    this.storeErrorsC = new Counter({
      name: 'relay_store_errors_total',
      help: 'Store operations that failed, by store and operation.',
      labelNames: ['store', 'op'],
      registers,
    });
    this.subscribersG = new Gauge({
      name: 'relay_subscribers',
      help: 'Connected SSE subscribers.',
      registers,
    });
    this.appendH = new Histogram({
      name: 'relay_intake_to_append_seconds',
      help: 'From a callback’s arrival to its being held by the store (then the 200).',
      buckets,
      registers,
    });
    this.deliveryH = new Histogram({
      name: 'relay_append_to_delivery_seconds',
      help: 'From a callback’s arrival to its write on a subscriber’s stream.',
      buckets,
      registers,
    });
    collectDefaultMetrics({ register: this.registry });
  }

  reject(reason: string): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
    this.rejectedC.inc({ reason });
  }

  /** A callback held by the store, `seconds` after it arrived. */
  stored(seconds: number): void {
    this.received++;
    this.receivedC.inc();
    this.appendH.observe(seconds);
  }

  /** An event written to a subscriber; `receivedAt` is when the relay took it (ms). */
  deliveredEvent(receivedAt: number, now: number): void {
    this.delivered++;
    this.deliveredC.inc();
    this.deliveryH.observe(Math.max(0, now - receivedAt) / 1000);
  }

  storeError(op: 'append' | 'read' | 'probe'): void {
    this.storeErrorsC.inc({ store: this.store, op });
  }

  subscriberDelta(d: 1 | -1): void {
    this.subscribers += d;
    this.subscribersG.set(this.subscribers);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
