import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTtlMs } from '../../src/shopping/search-cache.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';

describe('cache time-to-live', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('is the configured TTL, never past the earliest offer expiry, and zero for an empty result', () => {
    expect(cacheTtlMs(300, ['2026-12-01T13:00:00Z'], 3, now)).toBe(300_000);
    expect(cacheTtlMs(300, ['2026-12-01T13:00:00Z', '2026-12-01T12:01:00Z', null], 3, now)).toBe(60_000);
    expect(cacheTtlMs(300, ['2026-12-01T11:59:00Z'], 1, now)).toBe(0);
    expect(cacheTtlMs(300, [], 0, now)).toBe(0);
  });
});

describe('look-to-book accounting', () => {
  let f: ShoppingFixture;
  beforeAll(async () => {
    f = await shoppingFixture();
  });
  afterAll(async () => f?.close());

  it('counts every admitted search per agency per day, both endpoints and cache hits, not refused ones', async () => {
    const body = { origin: 'LAX', destination: 'JFK', departure_date: daysAhead(12), adults: 1 };
    await f.search(body);
    await f.search(body);
    await f.app.inject({ method: 'POST', url: '/v1/shopping/offers/stream', headers: { 'x-api-key': f.key }, payload: body });
    await f.search({ ...body, adults: 0 });
    const other = await f.agencyWithKey();
    await f.search(body, other.secret);
    await f.gateway.shopping.lookToBook.flush();
    const today = new Date().toISOString().slice(0, 10);
    expect(await f.gateway.shopping.lookToBook.countsFor(f.agencyId, today)).toEqual({ searches: 3, bookings: 0 });
    expect(await f.gateway.shopping.lookToBook.countsFor(other.agencyId, today)).toEqual({ searches: 1, bookings: 0 });
  });
});
