import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aviationTestApp, FIXTURES, type AviationTestApp } from './aviation-test-app.js';

// Every aviation and reference read, each way of asking: all must be answered from memory.
const READS = [
  '/v1/aviation/airports',
  '/v1/aviation/airports?country=US&sort=-elevation&limit=5',
  '/v1/aviation/airports?name=international&sort=city',
  '/v1/aviation/airports?city=new%20york&type=large_airport',
  '/v1/aviation/airports?region=US-NY&sort=-name&page=2&limit=2',
  '/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=300',
  '/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=300&sort=-iata',
  '/v1/aviation/airports/JFK',
  '/v1/aviation/airports/KJFK/full',
  '/v1/aviation/airports/3622/runways',
  '/v1/aviation/airports/JFK/frequencies',
  '/v1/aviation/airports/JFK/navaids',
  '/v1/aviation/airports/JFK/timezone',
  '/v1/aviation/airports/iata/LHR',
  '/v1/aviation/airports/icao/EGLL',
  '/v1/aviation/airlines',
  '/v1/aviation/airlines?alliance=oneworld&sort=-country',
  '/v1/aviation/airlines/AA',
  '/v1/aviation/airlines/AAL/status',
  '/v1/aviation/airlines/iata/BA',
  '/v1/aviation/aircraft-types?class=narrowbody',
  '/v1/aviation/aircraft-types/B738',
  '/v1/aviation/manufacturers',
  '/v1/aviation/manufacturers/Boeing/aircraft-types',
  '/v1/reference/sources',
];

describe('aviation reads from memory', () => {
  let t: AviationTestApp;
  const queries: string[] = [];

  beforeAll(async () => {
    t = await aviationTestApp({ synced: true });
    // Every statement any store sends goes through the executor of the platform's Kysely instance.
    const executor = t.platform.db.getExecutor();
    const executeQuery = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery, ...rest: unknown[]) => {
      queries.push(query.sql);
      return (executeQuery as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof executor.executeQuery;
    // The key's first use is looked up once; after that the gate answers from its own cache.
    await t.get('/v1/aviation/airports/JFK');
  });
  afterAll(() => t.close());

  it('answers every aviation and reference read without a database query', async () => {
    queries.length = 0;
    for (const url of READS) {
      const res = await t.get(url);
      expect(res.status, url).toBe(200);
      expect(res.body.data, url).not.toBeNull();
    }
    expect(queries.filter((q) => /aviation_/.test(q))).toEqual([]);
    expect(queries).toEqual([]);
  });

  it('serves the new data at once after a sync, without a query between syncs', async () => {
    const before = await t.get('/v1/aviation/airports/JFK');
    expect(before.body.data.name).toBe('John F. Kennedy International Airport');
    const nearBefore = await t.get('/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=5');

    // The same OurAirports files with JFK renamed.
    const from = fs.mkdtempSync(path.join(os.tmpdir(), 'aviation-resync-'));
    fs.cpSync(FIXTURES, from, { recursive: true });
    const airports = path.join(from, 'ourairports', 'airports.csv');
    fs.writeFileSync(
      airports,
      fs.readFileSync(airports, 'utf8').replace('John F. Kennedy International Airport', 'Idlewild Renamed Airport'),
    );
    try {
      const report = await t.sync(from, 'ourairports-airports');
      expect(report.ok).toBe(true);
    } finally {
      fs.rmSync(from, { recursive: true, force: true });
    }

    // The observer sees the sync's statements: an empty list below is not a blind spot.
    expect(queries.some((q) => /aviation_airports/.test(q))).toBe(true);
    queries.length = 0;
    const after = await t.get('/v1/aviation/airports/JFK');
    expect(after.body.data.name).toBe('Idlewild Renamed Airport');
    const search = await t.get('/v1/aviation/airports?name=idlewild%20renamed');
    expect(search.body.data.map((a: { iata: string }) => a.iata)).toEqual(['JFK']);
    const near = await t.get('/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=5');
    expect(near.body.data[0]).toMatchObject({ iata: 'JFK', name: 'Idlewild Renamed Airport' });
    // A list page's ETag is derived from the data version: the old one no longer matches.
    expect(near.headers.etag).not.toBe(nearBefore.headers.etag);
    const revalidated = await t.get('/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=5', {
      'if-none-match': String(nearBefore.headers.etag),
    });
    expect(revalidated.status).toBe(200);
    expect(queries).toEqual([]);
  });
});
