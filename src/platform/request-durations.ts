import type { Registry } from 'prom-client';

/** Upper bounds in seconds, as prom-client's default-like latency buckets. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  /** Observations per bucket, not cumulative; the last place counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

type Labels = { method: string; route: string; status_code: string };

/**
 * `http_request_duration_seconds`, the request count and latency by route template, method and
 * status. It runs after every request, so it keeps its series in maps keyed by the three values
 * as they come (prom-client's Histogram takes a labels object and hashes it on every call) and
 * hands them to the registry as a histogram when scraped.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request latency by route template and status; its _count is the request count';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly routes = new Map<string, Map<string, Map<number, Series>>>();

  constructor(registry: Registry) {
    // prom-client reads a metric through name, help, type and get(); its types want its own classes.
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    let methods = this.routes.get(route);
    if (methods === undefined) this.routes.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (statuses === undefined) methods.set(method, (statuses = new Map()));
    let series = statuses.get(status);
    if (series === undefined)
      statuses.set(status, (series = { counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0, count: 0 }));
    let place = 0;
    while (place < BUCKETS.length && seconds > BUCKETS[place]!) place++;
    series.counts[place]!++;
    series.sum += seconds;
    series.count++;
  }

  /** The histogram as prom-client's registry formats it (its Histogram's order): cumulative buckets, then _sum and _count. */
  get() {
    const values: { labels: Labels & { le?: number | string }; value: number; metricName: string }[] = [];
    for (const [route, methods] of this.routes) {
      for (const [method, statuses] of methods) {
        for (const [status, series] of statuses) {
          const labels: Labels = { method, route, status_code: String(status) };
          let cumulative = 0;
          BUCKETS.forEach((le, place) => {
            cumulative += series.counts[place]!;
            values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
          });
          values.push({ labels: { le: '+Inf', ...labels }, value: series.count, metricName: `${this.name}_bucket` });
          values.push({ labels, value: series.sum, metricName: `${this.name}_sum` });
          values.push({ labels, value: series.count, metricName: `${this.name}_count` });
        }
      }
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** prom-client calls reset() on every metric of a registry it resets. */
  reset(): void {
    this.routes.clear();
  }
}
