import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';
import { PATIENCE } from '../helpers/patience.js';

let f: ShoppingFixture;
let base: string;
beforeAll(async () => {
  f = await shoppingFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  base = await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => f?.close());

/** Airline calls the gateway cancelled because the client went away. */
async function cancelled(): Promise<number> {
  const metric = await f.platform.metrics.registry.getSingleMetric('airline_calls_total')?.get();
  return (metric?.values ?? []).filter((v) => v.labels.outcome === 'cancelled').reduce((s, v) => s + v.value, 0);
}

const search = (body: unknown, signal?: AbortSignal) =>
  request(`${base}/v1/shopping/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': f.key },
    body: JSON.stringify(body),
    signal,
  });

describe('POST /v1/shopping/offers when the client goes away (over a real connection)', () => {
  it('a client gone before its answer cancels the airline calls, and nothing is cached', async () => {
    const before = await cancelled();
    // DFW-ABI is the test system's slow route: it answers after 3 s.
    const body = { origin: 'DFW', destination: 'ABI', departure_date: daysAhead(11), adults: 1 };
    const gone = new AbortController();
    const pending = search(body, gone.signal);
    setTimeout(() => gone.abort(), 500);
    await expect(pending).rejects.toThrow();
    await expect.poll(cancelled, PATIENCE).toBe(before + 1);

    const again = await search(body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('MISS');
    await again.body.arrayBuffer();
  });

  it('answers sent in full cancel nothing, from the airline or from the cache', async () => {
    const before = await cancelled();
    const body = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(12), adults: 1 };
    const first = await search(body);
    await first.body.arrayBuffer();
    const second = await search(body);
    await second.body.arrayBuffer();
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    // The connections close after the answers; still no call counts as cancelled.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await cancelled()).toBe(before);
  });
});
