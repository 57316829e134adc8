import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isFlightaggError, type FlightaggClient, type SearchStreamEvent } from '../../packages/client/src/index.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, type OrderFixture } from '../orders/order-fixture.js';

/**
 * The client's streamed search and its retry of a 409 the gateway says may be retried, against a
 * gateway listening on 127.0.0.1 with the AA test system.
 */
let f: OrderFixture;
let baseUrl = '';
let client: FlightaggClient;
beforeAll(async () => {
  f = await orderFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(f.app.server.address() as { port: number }).port}`;
  client = createClient({ apiKey: f.key, baseUrl });
});
afterAll(async () => f?.close());

async function all(events: AsyncIterable<SearchStreamEvent>): Promise<SearchStreamEvent[]> {
  const seen: SearchStreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('offers.searchStream', () => {
  const body = { origin: 'DFW', destination: 'ORD', departure_date: daysAhead(26), adults: 1 };

  it('yields search, the offers batches, then done, and ends; a second search is the cached one as one batch', async () => {
    const events = await all(client.offers.searchStream(body));
    expect(events[0]).toMatchObject({ event: 'search', data: { search_id: expect.stringMatching(/^srch_/) } });
    const last = events.at(-1)!;
    if (last.event !== 'done') throw new Error(`ended with ${last.event}`);
    const batches = events.slice(1, -1);
    expect(batches.length).toBeGreaterThan(0);
    const offers = batches.flatMap((e) => (e.event === 'offers' ? e.data.offers : []));
    expect(batches.every((e) => e.event === 'offers')).toBe(true);
    expect(offers.length).toBe(last.data.total);
    expect(offers[0]!.offer_id).toMatch(/^AA\|/);
    expect(last.data.connectors).toEqual([expect.objectContaining({ source: 'AA', status: 'answered' })]);

    const cached = await all(client.offers.searchStream(body));
    expect(cached.map((e) => e.event)).toEqual(['search', 'offers', 'done']);
    expect(cached[1]!.event === 'offers' && cached[1]!.data.offers.length).toBe(offers.length);
  });

  it('throws a refused search before the stream opens as the catalogued error', async () => {
    const error = await all(client.offers.searchStream({ ...body, destination: 'DFW' })).catch((e: unknown) => e);
    expect(isFlightaggError(error, 'invalid_request')).toBe(true);
    expect((error as Error).message).toBe('origin and destination must differ (both are DFW)');
  });

  it("throws the stream's terminal error event, with its code and the connectors", async () => {
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['AirShopping'], status: 503 });
    try {
      const seen: string[] = [];
      const error = await (async () => {
        for await (const event of client.offers.searchStream({ ...body, departure_date: daysAhead(27) })) seen.push(event.event);
      })().catch((e: unknown) => e);
      expect(seen).toEqual(['search']);
      expect(isFlightaggError(error, 'all_airlines_failed')).toBe(true);
      expect(error).toMatchObject({ status: 200, details: { connectors: [expect.objectContaining({ status: 'failed' })] } });
    } finally {
      await f.control('DELETE', '/control/faults');
    }
  });

  it('stops the stream when the loop is left early', async () => {
    for await (const event of client.offers.searchStream({ ...body, departure_date: daysAhead(29) })) {
      expect(event.event).toBe('search');
      break;
    }
    // The gateway is still answering: the connection it dropped was the stream's alone.
    expect((await client.offers.search(body)).offers?.length).toBeGreaterThan(0);
  });
});

describe('a 409 the gateway says may be retried', () => {
  /** A hold whose order another writer holds busy (what a process killed mid-write leaves) for `ms`. */
  async function busyHold(days: number, ms: number): Promise<string> {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, days);
    const held = await f.hold(offer.offer_id);
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().order_id as string;
    await f.platform.db
      .insertInto('order_write_leases')
      .values({ order_id: id, holder: 'another-writer', expires_at: new Date(Date.now() + ms) })
      .execute();
    return id;
  }

  it('order_busy: waits out its Retry-After (2 s) and pays the hold once the other write is over', async () => {
    const id = await busyHold(56, 1_000);
    const started = Date.now();
    const paid = await client.orders.pay(id);
    expect(paid.status).toBe('ticketed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('order_busy with no retries left, or a Retry-After past maxRetryDelayMs: thrown with retryAfterMs', async () => {
    const id = await busyHold(57, 60_000);
    for (const options of [{ maxRetries: 0 }, { maxRetryDelayMs: 1_000 }]) {
      const started = Date.now();
      const error = await createClient({ apiKey: f.key, baseUrl, ...options })
        .orders.pay(id)
        .catch((e: unknown) => e);
      expect(isFlightaggError(error, 'order_busy')).toBe(true);
      expect(error).toMatchObject({ status: 409, retryAfterMs: 2_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it('a 409 that is not retried (order_closed) is thrown at once', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 58);
    const held = await f.hold(offer.offer_id);
    const id = held.json().order_id as string;
    await client.orders.cancelWithoutQuote(id);
    const started = Date.now();
    const error = await client.orders.pay(id).catch((e: unknown) => e);
    expect(isFlightaggError(error, 'order_closed')).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
