import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type BillingHarness } from './billing-harness.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(() => h?.close());

describe('usage reports', () => {
  it('GET /v1/dev/usage and the admin view count exactly the requests made, by surface', async () => {
    const a = await h.agency({}, 'portal');
    const calls: [string, string, number][] = [
      ['GET', '/v1/monitoring/airlines', 3],
      ['GET', '/v1/reference/sources', 2],
      ['GET', '/v1/orders', 1],
    ];
    for (const [method, url, times] of calls) {
      for (let i = 0; i < times; i++) {
        const res = await h.app.inject({ method: method as 'GET', url, headers: { 'x-api-key': a.secret } });
        expect(res.statusCode, url).toBe(200);
      }
    }
    // A search refused for its input is still a served request (and a look).
    const bad = await h.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': a.secret },
      payload: { origin: 'JFK', destination: 'JFK', departure_date: '2030-01-01', adults: 1 },
    });
    expect(bad.statusCode).toBe(400);

    const owner = await h.user({ agencyId: a.agencyId, role: 'developer' });
    const res = await h.request(await h.token(owner.email), 'GET', '/v1/dev/usage');
    expect(res.statusCode).toBe(200);
    const today = `${h.clock().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const expected = {
      agencyId: a.agencyId,
      planCode: 'free',
      periodStart: today,
      granularity: 'day',
      allowance: { size: 20, used: 7, left: 13, stopsService: true },
      totals: {
        requests: { shopping: 1, offers: 0, orders: 1, monitoring: 3, aviation: 0, reference: 2 },
        totalRequests: 7,
        searches: 1,
        bookings: 0,
        lookToBook: null,
        // The one search was refused before any airline was asked.
        byAirline: [],
      },
    };
    expect(res.json()).toMatchObject(expected);
    expect(res.json().buckets).toEqual([{ start: today, requests: expected.totals.requests, searches: 1, bookings: 0 }]);

    const hourly = await h.request(
      await h.token(owner.email),
      'GET',
      `/v1/dev/usage?granularity=hour&from=${today.slice(0, 10)}`,
    );
    const hour = `${h.clock().toISOString().slice(0, 13)}:00:00.000Z`;
    const buckets = hourly.json().buckets as { start: string; requests: Record<string, number> }[];
    expect(buckets.find((b) => b.start === hour)?.requests).toEqual(expected.totals.requests);
    expect(buckets.filter((b) => b.start !== hour).every((b) => Object.values(b.requests).every((n) => n === 0))).toBe(true);

    const op = await h.user({ agencyId: null, permissions: ['billing.manage'] });
    const admin = await h.request(await h.operatorToken(op.email), 'GET', `/v1/admin/agencies/${a.agencyId}/usage`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject(expected);
  });

  it('refuses a bad range naming the field', async () => {
    const a = await h.agency();
    const owner = await h.user({ agencyId: a.agencyId });
    const token = await h.token(owner.email);
    const backwards = await h.request(token, 'GET', '/v1/dev/usage?from=2026-11-20&to=2026-11-10');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to' });
    const tooLong = await h.request(token, 'GET', '/v1/dev/usage?granularity=hour&from=2026-01-01&to=2026-06-01');
    expect(tooLong.statusCode).toBe(400);
    const garbled = await h.request(token, 'GET', '/v1/dev/usage?from=yesterday');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error).toMatch(/^from must be/);
    const granularity = await h.request(token, 'GET', '/v1/dev/usage?granularity=week');
    expect(granularity.statusCode).toBe(400);
    const platformAccount = await h.user({ agencyId: null });
    const noAgency = await h.request(await h.token(platformAccount.email), 'GET', '/v1/dev/usage');
    expect(noAgency.statusCode).toBe(403);
  });
});
