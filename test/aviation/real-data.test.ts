import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../src/aviation/geo-box.js';
import type { SyncReport } from '../../src/aviation/importers/sync-runner.js';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';
import { AVIATION_DATA_DIR, upstreamMissing, withSkipReason } from '../helpers/upstream.js';

// The shared upstream snapshot beside the repository; read in place, never copied into it.
const SHARED_DATA = AVIATION_DATA_DIR;
const noData = upstreamMissing('aviation-data');

// Row counts the data README states for this snapshot.
const README_COUNTS: Record<string, number> = {
  'ourairports-airports': 85_836,
  'ourairports-runways': 48_000,
  'ourairports-frequencies': 30_000,
  'ourairports-navaids': 11_000,
  'openflights-airlines': 6_162,
  'vradarserver-aircraft-types': 2_857,
};

describe.skipIf(noData !== null)(withSkipReason('sync of the real upstream files', noData), () => {
  let t: AviationTestApp;
  let report: SyncReport;
  beforeAll(async () => {
    t = await aviationTestApp({ fileBacked: true });
    // Its duration is a bench figure (bench/aviation-import.ts), not an assertion here.
    report = await t.sync(SHARED_DATA);
  }, 180_000);
  afterAll(() => t?.close());

  it('imports every source, with counts within a few percent of the README', () => {
    expect(report.sources.filter((s) => s.status !== 'ok')).toEqual([]);
    for (const [name, expected] of Object.entries(README_COUNTS)) {
      const rows = report.sources.find((s) => s.name === name)!.counts!.rowCount;
      expect(Math.abs(rows - expected) / expected, `${name}: ${rows} rows`).toBeLessThan(0.03);
    }
    // Runways, frequencies and navaids are published two weeks after airports.csv.
    const orphans = ['ourairports-runways', 'ourairports-frequencies', 'ourairports-navaids'].map(
      (name) => report.sources.find((s) => s.name === name)!.counts!.skippedReasons['orphan: airport not in airports.csv'] ?? 0,
    );
    expect(orphans.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('knows JFK: its four runways and its time zone', async () => {
    const runways = await t.get('/v1/aviation/airports/JFK/runways');
    expect(runways.body.meta).toMatchObject({ airport_iata: 'JFK', airport_icao: 'KJFK' });
    const pairs = runways.body.data.map((r: { le: { ident: string }; he: { ident: string } }) => `${r.le.ident}/${r.he.ident}`);
    expect(pairs.sort()).toEqual(['04L/22R', '04R/22L', '13L/31R', '13R/31L']);
    expect((await t.get('/v1/aviation/airports/JFK/timezone')).body.data).toEqual({
      airport_id: '3622',
      timezone: 'America/New_York',
    });
    const full = await t.get('/v1/aviation/airports/KJFK/full');
    expect(full.body.data.frequencies.length).toBeGreaterThan(5);
    expect(full.body.data.navaids.map((n: { ident: string }) => n.ident)).toContain('JFK');
  });

  it('finds the other New York airports within 40 km of JFK', async () => {
    const res = await t.get('/v1/aviation/airports?lat=40.639447&lon=-73.779317&radius_km=40&type=large_airport');
    expect(res.body.data.map((a: { iata: string }) => a.iata)).toEqual(['JFK', 'LGA', 'EWR']);
  });

  it('finds exactly the airports a great-circle scan of every airport finds, at any radius and place', async () => {
    const rows = await t.platform.db.selectFrom('aviation_airports').select(['id', 'latitude', 'longitude']).execute();
    const airports = rows.map((r) => ({ id: String(r.id), lat: Number(r.latitude), lon: Number(r.longitude) }));
    let seed = 19;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    // Around airports (dense places), across the antimeridian, near both poles, anywhere.
    const centres = [
      ...Array.from({ length: 40 }, () => airports[Math.floor(random() * airports.length)]!),
      { lat: -16.7, lon: 179.95 },
      { lat: 52, lon: -179.99 },
      { lat: 89.5, lon: 10 },
      { lat: -89, lon: -60 },
      ...Array.from({ length: 10 }, () => ({ lat: random() * 180 - 90, lon: random() * 360 - 180 })),
    ];
    for (const { lat, lon } of centres) {
      for (const radius of [0.5, 25, 100, 900]) {
        const expected = airports
          .map((a) => ({ id: a.id, km: distanceKm(lat, lon, a.lat, a.lon) }))
          .filter((a) => a.km <= radius)
          .sort((a, b) => a.km - b.km || Number(a.id) - Number(b.id));
        const res = await t.get(`/v1/aviation/airports?lat=${lat}&lon=${lon}&radius_km=${radius}&limit=500`);
        const where = `${radius} km around ${lat},${lon}`;
        expect(res.status, where).toBe(200);
        expect(res.body.meta.total, where).toBe(expected.length);
        expect(
          res.body.data.map((a: { id: string }) => a.id),
          where,
        ).toEqual(expected.slice(0, 500).map((a) => a.id));
      }
    }
  });

  it('handles the surprises of real data', async () => {
    expect((await t.get('/v1/aviation/airports?type=balloonport&limit=1')).body.meta.total).toBe(61);
    const zurich = await t.get('/v1/aviation/airports?name=zurich%20airport&type=large_airport');
    expect(zurich.body.data[0]).toMatchObject({ iata: 'ZRH', name: 'Zürich Airport', timezone: 'Europe/Zurich' });
    const unassigned = await t.get('/v1/aviation/airports/02PR');
    expect(unassigned.body.data.region_code).toBeNull();
    expect((await t.get('/v1/aviation/airlines/AA')).body.data).toMatchObject({
      name: 'American Airlines',
      alliance: 'oneworld',
      status: 'active',
    });
  });

  it('classifies well-known aircraft types', async () => {
    const classes: Record<string, string> = {
      B738: 'narrowbody',
      A320: 'narrowbody',
      A388: 'widebody',
      B77W: 'widebody',
      CRJ9: 'regional',
      E190: 'regional',
      DH8D: 'turboprop',
      AT72: 'turboprop',
      C172: 'piston',
      R44: 'helicopter',
      GLF5: 'business_jet',
    };
    for (const [icao, bodyClass] of Object.entries(classes)) {
      expect((await t.get(`/v1/aviation/aircraft-types/${icao}`)).body.data?.body_class, icao).toBe(bodyClass);
    }
    expect((await t.get('/v1/aviation/aircraft-types/A388')).body.data.manufacturer).toBe('Airbus');
    const makers = (await t.get('/v1/aviation/manufacturers')).body.data as string[];
    expect(makers).toContain('Boeing');
    expect(new Set(makers.map((m) => m.toLowerCase().replace(/[^a-z0-9]/g, ''))).size).toBe(makers.length);
  });
});
