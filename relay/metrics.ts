/** Prometheus text exposition of the relay's counters. */
export class Metrics {
  received = 0;
  delivered = 0;
  rejected: Record<string, number> = {};
  subscribers = 0;
  storeSeconds = 0;
  storeCount = 0;

  reject(reason: string) {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
  }

  text(): string {
    const lines = [
      '# HELP relay_callbacks_received_total Callbacks stored durably.',
      '# TYPE relay_callbacks_received_total counter',
      `relay_callbacks_received_total ${this.received}`,
      '# HELP relay_callbacks_rejected_total Callbacks refused, by reason.',
      '# TYPE relay_callbacks_rejected_total counter',
      ...Object.entries(this.rejected).map(
        ([r, n]) => `relay_callbacks_rejected_total{reason="${r}"} ${n}`,
      ),
      '# HELP relay_events_delivered_total Events written to subscribers.',
      '# TYPE relay_events_delivered_total counter',
      `relay_events_delivered_total ${this.delivered}`,
      '# HELP relay_subscribers Connected SSE subscribers.',
      '# TYPE relay_subscribers gauge',
      `relay_subscribers ${this.subscribers}`,
      '# HELP relay_store_append_seconds Time to make a callback durable.',
      '# TYPE relay_store_append_seconds summary',
      `relay_store_append_seconds_sum ${this.storeSeconds}`,
      `relay_store_append_seconds_count ${this.storeCount}`,
      '# HELP process_resident_memory_bytes Resident memory.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${process.memoryUsage().rss}`,
      '# HELP nodejs_heap_used_bytes V8 heap in use.',
      '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes ${process.memoryUsage().heapUsed}`,
      '# HELP nodejs_external_memory_bytes Buffers and other memory V8 tracks outside its heap.',
      '# TYPE nodejs_external_memory_bytes gauge',
      `nodejs_external_memory_bytes ${process.memoryUsage().external}`,
    ];
    return `${lines.join('\n')}\n`;
  }
}
