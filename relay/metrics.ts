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
    const counter = <L extends string = never>(name: string, help: string, labelNames: L[] = []) =>
      new Counter<L>({ name, help, labelNames, registers });
    const histogram = (name: string, help: string) =>
      new Histogram({ name, help, buckets, registers });
    this.receivedC = counter(
      'relay_callbacks_received_total',
      'Callbacks stored durably (answered 200).',
    );
    this.rejectedC = counter('relay_callbacks_rejected_total', 'Callbacks refused, by reason.', [
      'reason',
    ]);
    this.deliveredC = counter('relay_events_delivered_total', 'Events written to subscribers.');
    this.storeErrorsC = counter(
      'relay_store_errors_total',
      'Store operations that failed, by store and operation.',
      ['store', 'op'],
    );
    this.subscribersG = new Gauge({
      name: 'relay_subscribers',
      help: 'Connected SSE subscribers.',
      registers,
    });
    this.appendH = histogram(
      'relay_intake_to_append_seconds',
      'From a callback’s arrival to its being held by the store (then the 200).',
    );
    this.deliveryH = histogram(
      'relay_append_to_delivery_seconds',
      'From a callback’s arrival to its write on a subscriber’s stream.',
    );
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
