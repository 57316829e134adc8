import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { PASSENGER, REFUSAL_FIELDS, startBilling, type BillingHarness } from './billing-harness.js';

const SUBSCRIPTION_KEY = 'aa-test-subscription-key';

let aa: AaTestSystem;
let h: BillingHarness;
beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
  h = await startBilling({ env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY }, app: { testSystemUrls: { AA: aa.url } } });
});
afterAll(async () => {
  await h?.close();
  await aa?.close();
});

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function search(secret: string, days = 20): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: '/v1/shopping/offers',
    headers: { 'x-api-key': secret },
    payload: { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(days), adults: 1 },
  });
}

const secondsTo = (iso: string) => Math.ceil((new Date(iso).getTime() - h.clock().getTime()) / 1000);

describe('search ceilings (any key of the agency)', () => {
  it('a daily ceiling answers 429 daily_ceiling with Retry-After until 00:00 UTC; other surfaces and the rate headers keep working', async () => {
    const a = await h.agency({ dailySearchCeiling: 2 }, 'agency');
    for (const days of [20, 21]) {
      const ok = await search(a.secret, days);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['ratelimit-limit']).toBe('60');
    }
    const refused = await search(a.secret, 22);
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(Object.keys(body).sort()).toEqual(REFUSAL_FIELDS);
    expect(body).toMatchObject({ reason: 'daily_ceiling', code: 'daily_ceiling', plan_code: 'free' });
    const midnight = `${daysAhead(1)}T00:00:00.000Z`;
    expect(Math.abs(Number(refused.headers['retry-after']) - secondsTo(midnight))).toBeLessThanOrEqual(2);
    expect((await h.get(a.secret, '/v1/monitoring/airlines')).statusCode).toBe(200);
    // Nothing counted for the 429: two searches served.
    const usage = await h.billing.usage.report(a.agencyId, {});
    expect(usage.totals.searches).toBe(2);
  });

  it('a monthly ceiling answers 429 monthly_ceiling with Retry-After until the billing period ends', async () => {
    const a = await h.agency({ monthlySearchCeiling: 1 }, 'agency');
    expect((await search(a.secret)).statusCode).toBe(200);
    // Served from cache, and still a look.
    const refused = await search(a.secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ reason: 'monthly_ceiling' });
    const periodEnd = refused.json().period_end as string;
    expect(Math.abs(Number(refused.headers['retry-after']) - secondsTo(periodEnd))).toBeLessThanOrEqual(2);
  });

  it('a look-to-book ceiling answers 429 look_to_book, and a booking lifts it at once', async () => {
    const a = await h.agency({ lookToBookCeiling: 2 }, 'agency');
    const first = await search(a.secret, 30);
    expect(first.statusCode).toBe(200);
    expect((await search(a.secret, 31)).statusCode).toBe(200);
    const refused = await search(a.secret, 32);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ reason: 'look_to_book' });
    expect(refused.json().message).toMatch(/booking lifts it/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const offer = (first.json().offers as { offer_id: string; slices: { segments: unknown[] }[] }[]).find((o) =>
      o.slices.every((s) => s.segments.length === 1),
    )!;
    const booked = await h.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': a.secret },
      payload: { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'hold' } },
    });
    expect(booked.statusCode).toBe(201);
    expect((await search(a.secret, 33)).statusCode).toBe(200);
    const usage = await h.billing.usage.report(a.agencyId, {});
    expect(usage.totals).toMatchObject({ searches: 3, bookings: 1, look_to_book: 3 });
  });

  it('the per-agency search rate set by the operator keeps the rate limit and its headers', async () => {
    const a = await h.agency({ searchRatePerMinute: 2 }, 'agency');
    for (const days of [40, 41]) expect((await search(a.secret, days)).headers['ratelimit-limit']).toBe('2');
    const limited = await search(a.secret, 42);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect((await h.billing.usage.report(a.agencyId, {})).totals.searches).toBe(2);
  });
});

describe('the allowance burst of a free account', () => {
  it('holds back calls above the free requests left while earlier ones are in flight: 429 allowance_burst, Retry-After 120', async () => {
    const a = await h.agency({ freeAllowance: 3 });
    // Three searches that the airline answers slowly hold the three free requests left.
    await fetch(`${aa.url}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'slow', delayMs: 4_000, remaining: 3 }),
    });
    const slow = [50, 51, 52].map((days) => search(a.secret, days));
    // The fault clears itself once the third search has reached the airline: all three are admitted.
    for (let i = 0; i < 100; i++) {
      const state = (await (await fetch(`${aa.url}/control/state`)).json()) as { fault: unknown };
      if (state.fault === null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const held = await h.get(a.secret, '/v1/monitoring/airlines');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('120');
    expect(Object.keys(held.json()).sort()).toEqual(REFUSAL_FIELDS);
    expect(held.json()).toMatchObject({ reason: 'allowance_burst', plan_code: 'free' });

    expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const after = await h.get(a.secret, '/v1/monitoring/airlines');
    expect(after.statusCode).toBe(402);
    expect(after.json().reason).toBe('payment_required');
    const usage = await h.billing.usage.report(a.agencyId, {});
    expect(usage.totals.total_requests).toBe(3);
    expect(usage.allowance).toMatchObject({ used: 3, left: 0 });
  });
});
