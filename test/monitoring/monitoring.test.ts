import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineCalls, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

describe('monitoring', () => {
  let f: ShoppingFixture;
  beforeAll(async () => {
    // Airline health is one row per airline per database: a database of its own keeps other files' probes out.
    f = await shoppingFixture({ isolated: true, env: { MONITORING_INTERVAL_SECONDS: '30' } });
  });
  afterAll(async () => f?.close());

  const get = (url: string) => f.app.inject({ method: 'GET', url, headers: { 'x-api-key': f.key } });

  it('before any probe: one record per connector, status unknown', async () => {
    const res = await get('/v1/monitoring/airlines');
    expect(res.statusCode).toBe(200);
    expect(res.json().airlines).toEqual([
      expect.objectContaining({ airline: 'AA', status: 'unknown', probes: 0, interval_seconds: 30 }),
      expect.objectContaining({ airline: 'VS', name: 'Virgin Atlantic', status: 'unknown', probes: 0, interval_seconds: 30 }),
      expect.objectContaining({ airline: 'DUFFEL', name: 'Duffel', kind: 'aggregator', status: 'unknown', probes: 0 }),
    ]);
  });

  it('a probe records up with latency percentiles; reading never calls an airline', async () => {
    await f.gateway.monitoring.health.probeAll();
    await f.gateway.monitoring.health.probeAll();
    const calls = await airlineCalls(f, 'probe');
    const res = await get('/v1/monitoring/airlines/AA');
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({
      airline: 'AA',
      name: 'American Airlines',
      status: 'up',
      environment: 'test',
      probes: 2,
      error_rate: 0,
      consecutive_failures: 0,
      last_error: null,
    });
    expect(record.latency_ms.p50).toBeGreaterThan(0);
    expect(record.latency_ms.p99).toBeGreaterThanOrEqual(record.latency_ms.p50);
    expect(Date.parse(record.last_success_at)).toBeGreaterThan(0);
    // This gateway has no VS test system: VS is listed, down, saying why.
    expect((await get('/v1/monitoring/airlines/VS')).json()).toMatchObject({
      airline: 'VS',
      status: 'down',
      last_error: 'the VS test system is not configured on this gateway (VS_TEST_URL)',
    });
    for (let i = 0; i < 5; i++) await get('/v1/monitoring/airlines');
    expect(await airlineCalls(f, 'probe')).toBe(calls);
    expect(await airlineCalls(f, 'search')).toBe(0);
  });

  it('an outage shows as down with the airline text and error rate; recovery shows as up again', async () => {
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: [] });
    try {
      await f.gateway.monitoring.health.probeAll();
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    const down = (await get('/v1/monitoring/airlines/aa')).json();
    expect(down).toMatchObject({ status: 'down', consecutive_failures: 1 });
    expect(down.last_error).toMatch(/HTTP 503/);
    expect(down.error_rate).toBeCloseTo(1 / 3, 3);
    await f.gateway.monitoring.health.probeAll();
    expect((await get('/v1/monitoring/airlines/AA')).json()).toMatchObject({ status: 'degraded', consecutive_failures: 0 });
  });

  it('404 for a code with no connector; 401 without a key', async () => {
    const res = await get('/v1/monitoring/airlines/ZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/unknown airline ZZ/);
    expect((await f.app.inject({ method: 'GET', url: '/v1/monitoring/airlines' })).statusCode).toBe(401);
  });

  it('Prometheus metrics per connector: calls, latency, errors by kind', async () => {
    const text = (await f.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/airline_calls_total\{airline="AA",operation="probe",outcome="ok"\} \d+/);
    expect(text).toMatch(/airline_call_duration_seconds_count\{airline="AA",operation="probe"\} \d+/);
    expect(text).toMatch(/airline_errors_total\{airline="AA",operation="probe",kind="unavailable"\} 1/);
  });
});

describe('monitoring disabled (MONITORING_INTERVAL_SECONDS=0)', () => {
  let f: ShoppingFixture;
  beforeAll(async () => {
    f = await shoppingFixture({ env: { MONITORING_INTERVAL_SECONDS: '0' } });
  });
  afterAll(async () => f?.close());

  it('lists no airlines and schedules no probe', async () => {
    const res = await f.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': f.key } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ airlines: [] });
    await expect(f.platform.scheduler.runNow('airline-probe')).rejects.toThrow(/no scheduled job/);
  });
});
