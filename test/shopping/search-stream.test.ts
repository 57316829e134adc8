import { sql } from 'kysely';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';
import { PATIENCE } from '../helpers/patience.js';

interface SseEvent {
  event: string;
  data: any;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))!.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

let f: ShoppingFixture;
let base: string;
beforeAll(async () => {
  f = await shoppingFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  base = await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => f?.close());

const stream = (body: unknown, key = f.key) =>
  request(`${base}/v1/shopping/offers/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });

function expectWellFormed(events: SseEvent[]) {
  expect(events[0]!.event).toBe('search');
  expect(events[0]!.data.search_id).toMatch(/^srch_/);
  expect(Date.parse(events[0]!.data.expires_at)).toBeGreaterThan(Date.now());
  const terminals = events.filter((e) => e.event === 'done' || e.event === 'error');
  expect(terminals).toHaveLength(1);
  expect(events.at(-1)).toBe(terminals[0]);
  expect(events.slice(1, -1).every((e) => e.event === 'offers')).toBe(true);
}

describe('POST /v1/shopping/offers/stream', () => {
  it('search first; a one-way answer as its first 20 offers, then the rest; exactly one done with the total; then a cache hit as one offers event', async () => {
    const body = { origin: 'DFW', destination: 'ORD', departure_date: daysAhead(25), adults: 1 };
    const res = await stream(body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['ratelimit-limit']).toBe('1000');
    expect(res.headers['x-request-id']).toBeDefined();
    const events = parseSse(await res.body.text());
    expectWellFormed(events);
    const batches = events.filter((e) => e.event === 'offers');
    // AA's first offers leave before the rest of its answer is read (the test system answers this
    // route with some 90 offers); the second batch holds the others.
    expect(batches.map((b) => b.data.offers.length)).toEqual([20, expect.any(Number)]);
    const total = batches.reduce((s, e) => s + e.data.offers.length, 0);
    expect(total).toBeGreaterThan(20);
    const ids = batches.flatMap((b) => b.data.offers.map((o: { offer_id: string }) => o.offer_id));
    expect(new Set(ids).size).toBe(total);
    expect(events.at(-1)!.data.total).toBe(total);
    expect(events.at(-1)!.data.connectors[0]).toMatchObject({ airline: 'AA', status: 'answered' });
    expect(batches[0]!.data.offers[0].offer_id).toMatch(/^AA\|/);

    const hit = parseSse(await (await stream(body)).body.text());
    expectWellFormed(hit);
    expect(hit.filter((e) => e.event === 'offers')).toHaveLength(1);
    expect(hit[1]!.data.offers).toHaveLength(total);
    expect(hit.at(-1)!.data.total).toBe(total);
  });

  it('a streamed search stores the same answer a plain search gives: a plain search then hits it, fields in contract order', async () => {
    const body = { origin: 'PHX', destination: 'PHL', departure_date: daysAhead(27), adults: 1 };
    const events = parseSse(await (await stream(body)).body.text());
    expectWellFormed(events);
    const streamed = events.filter((e) => e.event === 'offers').flatMap((e) => e.data.offers);
    expect(streamed.length).toBeGreaterThan(0);

    const hit = await f.search(body);
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    const answer = hit.json();
    expect(Object.keys(answer)).toEqual(['cached', 'search_id', 'expires_at', 'offers', 'connectors']);
    expect(answer).toMatchObject({
      cached: true,
      search_id: events[0]!.data.search_id,
      connectors: events.at(-1)!.data.connectors,
    });
    // The same offers, in answer order: cheapest first (a stable sort of what the stream sent, in the order sent).
    const cheapestFirst = [...streamed].sort((x, y) => x.total_amount - y.total_amount);
    expect(answer.offers).toEqual(cheapestFirst);
    // Exactly the text JSON.stringify makes of it: nothing hand-joined left a stray byte.
    expect(JSON.stringify(answer)).toBe(hit.body);
  });

  it('a round trip waits for the whole answer (one-way offers per journey would be combined): one offers event', async () => {
    const body = { origin: 'CLT', destination: 'MIA', departure_date: daysAhead(31), return_date: daysAhead(35), adults: 1 };
    const events = parseSse(await (await stream(body)).body.text());
    expectWellFormed(events);
    const batches = events.filter((e) => e.event === 'offers');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.data.offers.length).toBeGreaterThan(20);
    expect(events.at(-1)!.data.total).toBe(batches[0]!.data.offers.length);
  });

  it('an answer that breaks off after its first offers: those offers were sent, the airline is failed, nothing is cached', async () => {
    const body = { origin: 'ORD', destination: 'BOS', departure_date: daysAhead(33), adults: 1 };
    await f.control('POST', '/control/faults', { kind: 'truncated', messages: ['AirShopping'] });
    try {
      const events = parseSse(await (await stream(body)).body.text());
      expectWellFormed(events);
      const batches = events.filter((e) => e.event === 'offers');
      expect(batches.map((b) => b.data.offers.length)).toEqual([20]);
      // AA is the only airline: every connection failed, said once at the end.
      expect(events.at(-1)).toEqual({
        event: 'error',
        data: {
          error: 'all airline connections failed — please retry later',
          code: 'all_airlines_failed',
          connectors: [expect.objectContaining({ airline: 'AA', status: 'failed' })],
        },
      });

      const plain = await f.search(body);
      expect(plain.statusCode).toBe(502);
      expect(plain.json().connectors[0]).toMatchObject({ airline: 'AA', status: 'failed' });
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    // Nothing of the broken answer was stored: the same search now asks the airline again.
    const again = await f.search(body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('MISS');
  });

  it('validation and 429 answer as JSON before the stream opens', async () => {
    const bad = await stream({ origin: 'JFK', destination: 'LGA', departure_date: daysAhead(5), adults: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    expect(((await bad.body.json()) as { error: string }).error).toMatch(/same city/);

    const limited = await f.agencyWithKey();
    await sql`update agencies set search_rate_limit = 1 where id = ${limited.agencyId}`.execute(f.platform.db);
    const body = { origin: 'JFK', destination: 'ULN', departure_date: daysAhead(5), adults: 1 };
    await (await stream(body, limited.secret)).body.text();
    const refused = await stream(body, limited.secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    await refused.body.text();
  });

  it('every connector failing ends the stream with one error event', async () => {
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['AirShopping'] });
    try {
      const events = parseSse(
        await (await stream({ origin: 'CLT', destination: 'BOS', departure_date: daysAhead(9), adults: 1 })).body.text(),
      );
      expectWellFormed(events);
      // The same sentence, code and connectors as a whole search's 502.
      expect(events.at(-1)).toMatchObject({
        event: 'error',
        data: { error: 'all airline connections failed — please retry later', code: 'all_airlines_failed' },
      });
      expect(events.at(-1)!.data.connectors).toEqual([expect.objectContaining({ airline: 'AA', status: 'failed' })]);
    } finally {
      await f.control('DELETE', '/control/faults');
    }
  });

  it('a client that disconnects cancels the airline calls', async () => {
    const cancelled = async () => {
      const metric = await f.platform.metrics.registry.getSingleMetric('airline_calls_total')?.get();
      return (metric?.values ?? []).filter((v) => v.labels.outcome === 'cancelled').reduce((s, v) => s + v.value, 0);
    };
    const before = await cancelled();
    // DFW-ABI is the test system's slow route: it answers after 3 s.
    const res = await stream({ origin: 'DFW', destination: 'ABI', departure_date: daysAhead(9), adults: 1 });
    for await (const chunk of res.body) {
      if (String(chunk).includes('event: search')) break;
    }
    res.body.destroy();
    await expect.poll(cancelled, PATIENCE).toBe(before + 1);
  });
});
