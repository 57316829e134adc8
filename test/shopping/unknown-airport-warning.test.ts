import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../src/aviation/importers/sync-runner.js';
import { FIXTURES } from '../aviation/aviation-test-app.js';
import { portalLogin, portalUser } from '../helpers/portal-sessions.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';

// The airport fixtures know EWR JFK LGA LHD LHR NAN SJK TVU ZRH (test/aviation/fixtures): LAX, which
// the AA test system flies, is unknown to them, as XQZ is to every data set.
let f: ShoppingFixture;
let base: string;
beforeAll(async () => {
  // Its own database: the airport data is global, and other files search without it.
  f = await shoppingFixture({ isolated: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  base = await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => f?.close());

const date = daysAhead(23);
const unknown = (field: string, airport: string) => ({
  code: 'unknown_airport',
  field,
  airport,
  message: `${field}: no data set knows the airport code ${airport}; check the code`,
});

async function streamEvents(body: unknown): Promise<{ event: string; data: any }[]> {
  const res = await request(`${base}/v1/shopping/offers/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': f.key },
    body: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  return (await res.body.text())
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      return {
        event: lines.find((l) => l.startsWith('event: '))!.slice(7),
        data: JSON.parse(
          lines
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n'),
        ),
      };
    });
}

describe('a search naming an airport code no data set knows', () => {
  const toLax = { origin: 'JFK', destination: 'LAX', departure_date: date, adults: 1 };

  it('before any airport data is imported, nothing is warned (there is nothing to tell a code by)', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'XQZ', departure_date: date, adults: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().offers).toBeNull();
    expect(res.json()).not.toHaveProperty('warnings');
    // Stored in the cache without a warning: LAX has offers.
    const first = await f.search(toLax);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.json().offers.length).toBeGreaterThan(0);
    expect(first.json()).not.toHaveProperty('warnings');
    await runSync(f.platform, { from: FIXTURES, source: null });
    await f.gateway.aviation.aviation.state.settled();
  });

  it('answers 200 with offers null and a warning naming the field and the code; the airline is still asked', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'xqz', departure_date: date, adults: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.offers).toBeNull();
    expect(body.connectors).toEqual([expect.objectContaining({ source: 'AA', status: 'answered' })]);
    expect(body.warnings).toEqual([unknown('destination', 'XQZ')]);
  });

  it("the dashboard's search carries the same warning, on a portal session", async () => {
    const session = await portalLogin(f, (await portalUser(f, { agencyId: f.agencyId })).email);
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/dev/shopping/offers',
      headers: session,
      payload: { origin: 'xqz', destination: 'JFK', departure_date: date, adults: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offers).toBeNull();
    expect(res.json().warnings).toEqual([unknown('origin', 'XQZ')]);
  });

  it('names each slice of a multi-city search by its own field; a round trip names origin and destination once', async () => {
    const multi = await f.search({
      slices: [
        { origin: 'JFK', destination: 'LHR', departure_date: date },
        { origin: 'LHR', destination: 'QQX', departure_date: daysAhead(30) },
        { origin: 'QQX', destination: 'ZRH', departure_date: daysAhead(33) },
      ],
      adults: 1,
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json().offers).toBeNull();
    expect(multi.json().warnings).toEqual([unknown('slices[1].destination', 'QQX'), unknown('slices[2].origin', 'QQX')]);

    const roundTrip = await f.search({
      origin: 'XQZ',
      destination: 'LHR',
      departure_date: date,
      return_date: daysAhead(30),
      adults: 1,
    });
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json().warnings).toEqual([unknown('origin', 'XQZ')]);
  });

  it('warns of nothing when every code is known: an airport of the data, or a metropolitan area code', async () => {
    const known = await f.search({ origin: 'JFK', destination: 'LHR', departure_date: date, adults: 1 });
    expect(known.statusCode).toBe(200);
    expect(known.json().offers.length).toBeGreaterThan(0);
    expect(known.json()).not.toHaveProperty('warnings');
    const metro = await f.search({ origin: 'NYC', destination: 'ZRH', departure_date: date, adults: 1 });
    expect(metro.statusCode).toBe(200);
    expect(metro.json()).not.toHaveProperty('warnings');
  });

  it('a cached answer stored before the data knew better is served with the warning of now', async () => {
    const hit = await f.search(toLax);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.json().cached).toBe(true);
    expect(hit.json().offers.length).toBeGreaterThan(0);
    expect(hit.json().warnings).toEqual([unknown('destination', 'LAX')]);
    // Compressed as any other answer, with the warning too.
    const gzipped = await request(`${base}/v1/shopping/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': f.key, 'accept-encoding': 'gzip' },
      body: JSON.stringify(toLax),
    });
    expect(gzipped.headers['x-cache']).toBe('HIT');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const unzipped = JSON.parse(gunzipSync(Buffer.from(await gzipped.body.arrayBuffer())).toString('utf8'));
    expect(unzipped).toEqual(hit.json());
  });

  it('streams the warnings in the terminal done event, run now and from the cache alike', async () => {
    const run = await streamEvents({ origin: 'XQZ', destination: 'LHR', departure_date: date, adults: 1 });
    expect(run.map((e) => e.event)).toEqual(['search', 'done']);
    expect(run.at(-1)!.data).toMatchObject({ total: 0, warnings: [unknown('origin', 'XQZ')] });

    const cached = await streamEvents(toLax);
    expect(cached.map((e) => e.event)).toEqual(['search', 'offers', 'done']);
    expect(cached.at(-1)!.data.warnings).toEqual([unknown('destination', 'LAX')]);
    expect(cached.at(-1)!.data.total).toBe(cached[1]!.data.offers.length);

    const clean = await streamEvents({ origin: 'JFK', destination: 'LHR', departure_date: date, adults: 1 });
    expect(clean.at(-1)!.event).toBe('done');
    expect(clean.at(-1)!.data).not.toHaveProperty('warnings');
  });
});
