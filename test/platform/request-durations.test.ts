import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../../src/platform/request-durations.js';

describe('http_request_duration_seconds', () => {
  it('scrapes exactly as prom-client’s own Histogram with the same buckets and observations', async () => {
    const ours = new Registry();
    const durations = new RequestDurations(ours);
    const reference = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: durations.help,
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [reference],
    });
    const observations: [string, string, number, number][] = [
      ['GET', '/v1/aviation/airports/:code', 200, 0.0004],
      ['GET', '/v1/aviation/airports/:code', 200, 0.001], // on a bound: counted in it
      ['GET', '/v1/aviation/airports/:code', 404, 0.003],
      ['POST', '/v1/air/offer_requests', 200, 0.75],
      ['POST', '/v1/air/offer_requests', 200, 12], // above every bound: +Inf only
      ['GET', 'unmatched', 404, 0.00002],
    ];
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
    expect(await ours.metrics()).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/v1/air/offer_requests",status_code="200"} 2',
    );

    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('http_request_duration_seconds_count');
  });
});
