import { Counter, Gauge } from 'prom-client';
import type { Metrics } from '../platform/metrics.js';

export interface RequestLogMetrics {
  written: Counter;
  dropped: Counter;
}

/** The request log's counters on /metrics; `pending` is read when scraped. */
export function createRequestLogMetrics(metrics: Metrics, pending: () => number): RequestLogMetrics {
  const registers = [metrics.registry];
  new Gauge({
    name: 'flightagg_request_log_pending',
    help: 'Request-log rows recorded in memory and not yet written',
    registers,
    collect() {
      this.set(pending());
    },
  });
  return {
    written: new Counter({ name: 'flightagg_request_log_written_total', help: 'Request-log rows written', registers }),
    dropped: new Counter({
      name: 'flightagg_request_log_dropped_total',
      help: 'Request-log rows dropped, oldest first, because storage was slow or down and the buffer was full',
      registers,
    }),
  };
}
