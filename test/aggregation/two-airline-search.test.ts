// Aggregation with two real airlines: the gateway with the AA and VS test systems both running
// (each our own server speaking its airline's NDC 21.3), as `npm start` runs them. What a seller
// sees when one search fans out to both: one answer, one stream, partial failure, time-outs,
// routes only one airline flies, and one search counted once.
import { sql } from 'kysely';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ndcSchemaErrors } from '../connectors/ndc-schema-validator.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../helpers/upstream.js';
import {
  airlineCalls,
  daysAhead,
  shoppingFixture,
  VS_SUBSCRIPTION_KEY,
  type ShoppingFixture,
} from '../shopping/shopping-fixture.js';

interface OfferJson {
  offer_id: string;
  airline: string;
  total_amount: number;
  currency: string;
}

/** The aggregator time-out here: long enough for both airlines on a loaded CI machine. */
const SEARCH_TIMEOUT_MS = 8_000;

let f: ShoppingFixture;
let base: string;
beforeAll(async () => {
  f = await shoppingFixture({
    withVs: true,
    // Its probes write airline health, one row per airline per database: keep them out of monitoring.test.ts's.
    isolated: true,
    env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000', SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) },
  });
  base = await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => f?.close());

const offersOf = (res: { json(): { offers: OfferJson[] | null } }) => res.json().offers ?? [];
const airlinesOf = (offers: OfferJson[]) => [...new Set(offers.map((o) => o.airline))].sort();

describe('one search, two airlines', () => {
  it('JFK→LHR: one answer holds AA and VS offers, cheapest first, and connectors[] names both with count and time', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(33), adults: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBe('MISS');
    const offers = offersOf(res);
    expect(airlinesOf(offers)).toEqual(['AA', 'VS']);
    const connectors = res.json().connectors as { airline: string; status: string; offers: number; duration_ms: number }[];
    expect(connectors.map((c) => [c.airline, c.status])).toEqual([
      ['AA', 'answered'],
      ['VS', 'answered'],
    ]);
    for (const c of connectors) {
      expect(c.offers).toBe(offers.filter((o) => o.airline === c.airline).length);
      expect(c.offers).toBeGreaterThan(0);
      expect(c.duration_ms).toBeGreaterThanOrEqual(0);
    }
    // Both sell New York departures in USD: one currency, so one cheapest-first list across airlines.
    expect(new Set(offers.map((o) => o.currency))).toEqual(new Set(['USD']));
    const amounts = offers.map((o) => o.total_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    // The two airlines' offers are interleaved by price, not one airline's block after the other's.
    const firstVs = offers.findIndex((o) => o.airline === 'VS');
    const lastAa = offers.map((o) => o.airline).lastIndexOf('AA');
    expect(firstVs).toBeLessThan(lastAa);
  });

  it('LHR→JFK: both airlines sell the UK departure in GBP, so the two answers compare in one list, cheapest first', async () => {
    const res = await f.search({ origin: 'LHR', destination: 'JFK', departure_date: daysAhead(34), adults: 1 });
    expect(res.statusCode).toBe(200);
    const offers = offersOf(res);
    expect(airlinesOf(offers)).toEqual(['AA', 'VS']);
    expect([...new Set(offers.map((o) => o.currency))]).toEqual(['GBP']);
    const amounts = offers.map((o) => o.total_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('a route only one airline flies answers that airline: DFW→ORD is AA, LHR→DEL is VS; the other answered none', async () => {
    for (const [origin, destination, only, other] of [
      ['DFW', 'ORD', 'AA', 'VS'],
      ['LHR', 'DEL', 'VS', 'AA'],
    ] as const) {
      const res = await f.search({ origin, destination, departure_date: daysAhead(36), adults: 1 });
      expect(res.statusCode, `${origin}-${destination}`).toBe(200);
      expect(airlinesOf(offersOf(res))).toEqual([only]);
      expect(res.json().connectors).toContainEqual(expect.objectContaining({ airline: other, status: 'answered', offers: 0 }));
    }
  });

  it('one search is one look: cached once, one airline call each, one rate-limit slot, one metered request; a look per airline', async () => {
    const body = { origin: 'BOS', destination: 'LHR', departure_date: daysAhead(38), adults: 1 };
    const other = await f.agencyWithKey();
    const callsBefore = await airlineCalls(f);
    const first = await f.search(body, other.secret);
    expect(first.statusCode).toBe(200);
    expect(airlinesOf(offersOf(first))).toEqual(['AA', 'VS']);
    expect(await airlineCalls(f)).toBe(callsBefore + 2);
    const remaining = Number(first.headers['ratelimit-remaining']);

    const hit = await f.search(body, other.secret);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(offersOf(hit)).toEqual(offersOf(first));
    expect(await airlineCalls(f)).toBe(callsBefore + 2);
    expect(Number(hit.headers['ratelimit-remaining'])).toBe(remaining - 1);

    await f.gateway.billing.meter.flush();
    const metered = await sql<{ n: string }>`
      select sum(requests)::text as n from usage_counts where agency_id = ${other.agencyId} and surface = 'shopping'`.execute(
      f.platform.db,
    );
    expect(metered.rows[0]?.n).toBe('2');

    await f.gateway.shopping.lookToBook.flush();
    const today = new Date().toISOString().slice(0, 10);
    expect(await f.gateway.shopping.lookToBook.countsFor(other.agencyId, today)).toEqual({ searches: 2, bookings: 0 });
    const { rows } = await sql<{ airline: string; searches: string }>`
      select airline, searches::text as searches from look_to_book_airline_daily
      where agency_id = ${other.agencyId} order by airline`.execute(f.platform.db);
    // The cache hit reached no airline: each airline saw one search.
    expect(rows).toEqual([
      { airline: 'AA', searches: '1' },
      { airline: 'VS', searches: '1' },
    ]);
  });
});

describe('partial failure', () => {
  it("one airline failing answers 200 with the other's offers and names the failing one; nothing is cached; recovery shows both", async () => {
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), adults: 1 };
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['AirShopping'], status: 503 }, 'VS');
    try {
      const res = await f.search(body);
      expect(res.statusCode).toBe(200);
      expect(airlinesOf(offersOf(res))).toEqual(['AA']);
      const vs = (res.json().connectors as { airline: string }[]).find((c) => c.airline === 'VS');
      expect(vs).toMatchObject({ status: 'failed', offers: 0, error: expect.stringMatching(/503/) });
    } finally {
      await f.control('DELETE', '/control/faults', undefined, 'VS');
    }
    const again = await f.search(body);
    expect(again.headers['x-cache']).toBe('MISS');
    expect(airlinesOf(offersOf(again))).toEqual(['AA', 'VS']);
  });

  it('an airline answering no offers for a route it flies never poisons the cache: the next search asks it again', async () => {
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(43), adults: 1 };
    await f.control('POST', '/control/faults', { kind: 'empty', messages: ['AirShopping'], remaining: 1 }, 'VS');
    const empty = await f.search(body);
    expect(empty.statusCode).toBe(200);
    expect(airlinesOf(offersOf(empty))).toEqual(['AA']);
    expect(empty.json().connectors).toContainEqual(expect.objectContaining({ airline: 'VS', status: 'answered', offers: 0 }));
    const again = await f.search(body);
    expect(again.headers['x-cache']).toBe('MISS');
    expect(airlinesOf(offersOf(again))).toEqual(['AA', 'VS']);
    // Now both answered with offers: cached.
    expect((await f.search(body)).headers['x-cache']).toBe('HIT');
  });

  it('the empty answer the VS test system sends is a schema-valid AirShoppingRS', async () => {
    needsUpstream('ndc-schemas');
    await f.control('POST', '/control/faults', { kind: 'empty', messages: ['AirShopping'], remaining: 1 }, 'VS');
    const rq = await readFile(path.join(NDC_SAMPLES_DIR, 'airshopping/shop_with_direct_flight_filter_RQ.xml'), 'utf8');
    const res = await request(`${f.vs!.url}/ndc/21.3/AirShopping`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'ocp-apim-subscription-key': VS_SUBSCRIPTION_KEY },
      body: rq,
    });
    const xml = await res.body.text();
    expect(res.statusCode, xml).toBe(200);
    expect(xml).toContain('<CarrierOffers/>');
    expect(await ndcSchemaErrors(xml, 'IATA_AirShoppingRS')).toEqual([]);
  });

  it('both failing answers 502 all airline connections failed, naming each', async () => {
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(41), adults: 1 };
    for (const airline of ['AA', 'VS'] as const)
      await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['AirShopping'], status: 503 }, airline);
    try {
      const res = await f.search(body);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'all_airlines_failed',
        error: 'all airline connections failed — please retry later',
      });
      expect(res.json().connectors.map((c: { airline: string; status: string }) => [c.airline, c.status])).toEqual([
        ['AA', 'failed'],
        ['VS', 'failed'],
      ]);
    } finally {
      for (const airline of ['AA', 'VS'] as const) await f.control('DELETE', '/control/faults', undefined, airline);
    }
  });

  it("one airline slower than the search time-out is timed_out at the time-out; the other's offers are unaffected", async () => {
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(42), adults: 1 };
    await f.control(
      'POST',
      '/control/faults',
      { kind: 'slow', messages: ['AirShopping'], delayMs: SEARCH_TIMEOUT_MS + 5_000 },
      'VS',
    );
    try {
      const started = Date.now();
      const res = await f.search(body);
      const took = Date.now() - started;
      expect(res.statusCode).toBe(200);
      expect(took).toBeGreaterThanOrEqual(SEARCH_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(SEARCH_TIMEOUT_MS + 4_000);
      expect(airlinesOf(offersOf(res))).toEqual(['AA']);
      expect(res.json().connectors).toContainEqual(
        expect.objectContaining({
          airline: 'VS',
          status: 'timed_out',
          error: `no answer within the ${SEARCH_TIMEOUT_MS} ms search time-out`,
        }),
      );
      expect(res.json().connectors).toContainEqual(expect.objectContaining({ airline: 'AA', status: 'answered' }));
    } finally {
      await f.control('DELETE', '/control/faults', undefined, 'VS');
    }
  });
});

interface TimedEvent {
  event: string;
  data: any;
  at: number;
}

/** Reads an SSE answer as it arrives, noting when each event came. */
async function timedEvents(body: unknown): Promise<TimedEvent[]> {
  const res = await request(`${base}/v1/shopping/offers/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': f.key },
    body: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  const started = Date.now();
  const events: TimedEvent[] = [];
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (event) events.push({ event, data: JSON.parse(data), at: Date.now() - started });
    }
  }
  return events;
}

describe('the stream from two airlines', () => {
  it("sends each airline's batches as its own offers events, undeduplicated; the faster airline is not held back by the slower", async () => {
    const body = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(44), adults: 1 };
    const delayMs = 4_000;
    await f.control('POST', '/control/faults', { kind: 'slow', messages: ['AirShopping'], delayMs }, 'VS');
    let events: TimedEvent[];
    try {
      events = await timedEvents(body);
    } finally {
      await f.control('DELETE', '/control/faults', undefined, 'VS');
    }
    expect(events[0]!.event).toBe('search');
    const batches = events.filter((e) => e.event === 'offers');
    // Every batch is one airline's.
    const batchAirline = batches.map((b) => airlinesOf(b.data.offers));
    expect(batchAirline.every((a) => a.length === 1)).toBe(true);
    expect([...new Set(batchAirline.flat())].sort()).toEqual(['AA', 'VS']);
    // AA's batches all came before VS's first, which waited for VS's delay.
    const firstVs = batches.findIndex((b) => b.data.offers[0].airline === 'VS');
    expect(batches.slice(0, firstVs).every((b) => b.data.offers[0].airline === 'AA')).toBe(true);
    expect(firstVs).toBeGreaterThan(0);
    expect(batches[firstVs]!.at).toBeGreaterThanOrEqual(delayMs - 100);
    expect(batches[0]!.at).toBeLessThan(batches[firstVs]!.at);
    // Not deduplicated, nothing lost: done counts every offer sent, and connectors[] each airline's.
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const sent = batches.flatMap((b) => b.data.offers as OfferJson[]);
    expect(done.data.total).toBe(sent.length);
    for (const c of done.data.connectors as { airline: string; offers: number }[])
      expect(c.offers).toBe(sent.filter((o) => o.airline === c.airline).length);
  });
});

describe('monitoring with two airlines', () => {
  it('probes and lists both, each up, and the metrics carry a series per airline', async () => {
    await f.search({ origin: 'BOS', destination: 'LHR', departure_date: daysAhead(46), adults: 1 });
    await f.gateway.monitoring.health.probeAll();
    const res = await f.app.inject({ method: 'GET', url: '/v1/monitoring/airlines', headers: { 'x-api-key': f.key } });
    expect(res.statusCode).toBe(200);
    expect(res.json().airlines).toEqual([
      expect.objectContaining({ airline: 'AA', name: 'American Airlines', status: 'up', environment: 'test' }),
      expect.objectContaining({ airline: 'VS', name: 'Virgin Atlantic', status: 'up', environment: 'test' }),
      // The third source has its own row too (one per source); this fixture runs no Duffel test system.
      expect.objectContaining({
        airline: 'DUFFEL',
        name: 'Duffel',
        kind: 'aggregator',
        last_error: 'the Duffel test system is not configured on this gateway (DUFFEL_TEST_URL)',
      }),
    ]);
    const text = (await f.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const airline of ['AA', 'VS']) {
      expect(text).toMatch(new RegExp(`airline_calls_total\\{airline="${airline}",operation="search",outcome="ok"\\} \\d+`));
      expect(text).toMatch(new RegExp(`airline_calls_total\\{airline="${airline}",operation="probe",outcome="ok"\\} \\d+`));
    }
  });
});
