import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';

describe('airport endpoints', () => {
  let t: AviationTestApp;
  beforeAll(async () => {
    t = await aviationTestApp({ synced: true });
  });
  afterAll(() => t.close());

  const codes = (body: { data: { iata: string | null; ident: string }[] }) => body.data.map((a) => a.iata ?? a.ident);

  describe('single airport', () => {
    it.each([
      ['JFK', 'IATA code'],
      ['jfk', 'IATA code, any case'],
      ['KJFK', 'ICAO code'],
      ['3622', 'internal id'],
    ])('resolves %s (%s)', async (id) => {
      const res = await t.get(`/v1/aviation/airports/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([]);
      expect(res.body.data).toMatchObject({
        id: '3622',
        ident: 'KJFK',
        iata: 'JFK',
        icao: 'KJFK',
        type: 'large_airport',
        name: 'John F. Kennedy International Airport',
        country_code: 'US',
        country_name: 'United States',
        region_code: 'US-NY',
        region_name: 'New York',
        city: 'New York',
        timezone: 'America/New_York',
        scheduled_service: true,
        elevation_ft: 13,
      });
      expect(res.body.data.keywords).toContain('Idlewild');
    });

    it('falls back to the OurAirports ident for ids that are no code', async () => {
      expect((await t.get('/v1/aviation/airports/00A')).body.data.name).toBe('Total RF Heliport');
      expect((await t.get('/v1/aviation/airports/US-1234')).body.data.type).toBe('balloonport');
    });

    it('answers the exact /iata and /icao paths, and 404 for the wrong kind of code', async () => {
      expect((await t.get('/v1/aviation/airports/iata/lhr')).body.data.icao).toBe('EGLL');
      expect((await t.get('/v1/aviation/airports/icao/EGLL')).body.data.iata).toBe('LHR');
      expect((await t.get('/v1/aviation/airports/iata/EGLL')).status).toBe(404);
      expect((await t.get('/v1/aviation/airports/icao/LHR')).status).toBe(404);
    });

    it('answers 404 in the envelope for an unknown airport', async () => {
      const res = await t.get('/v1/aviation/airports/QQQ');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ data: null, errors: [{ code: 'airport_not_found', message: 'airport QQQ not found' }] });
      expect(res.body.meta.request_id).toBeTruthy();
    });

    it('shows an XX-U-A placeholder region as no region', async () => {
      const res = await t.get('/v1/aviation/airports/02PR');
      expect(res.body.data).toMatchObject({ region_code: null, region_name: null, country_code: 'PR' });
    });

    it('gives the time zone derived from the coordinates', async () => {
      expect((await t.get('/v1/aviation/airports/JFK/timezone')).body.data).toEqual({
        airport_id: '3622',
        timezone: 'America/New_York',
      });
      expect((await t.get('/v1/aviation/airports/ZRH/timezone')).body.data.timezone).toBe('Europe/Zurich');
      expect((await t.get('/v1/aviation/airports/TVU/timezone')).body.data.timezone).toBe('Pacific/Fiji');
    });

    it('lists runways with the airport codes in meta', async () => {
      const res = await t.get('/v1/aviation/airports/JFK/runways');
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ airport_iata: 'JFK', airport_icao: 'KJFK' });
      expect(res.body.data.map((r: { le: { ident: string } }) => r.le.ident)).toEqual(['04L', '04R', '13L', '13R']);
      expect(res.body.data[0]).toMatchObject({
        id: '244968',
        airport_id: '3622',
        length_ft: 12079,
        width_ft: 200,
        surface: 'PEM',
        lighted: true,
        closed: false,
        he: { ident: '22R', heading_deg_true: 211, displaced_threshold_ft: 2696 },
      });
    });

    it('lists frequencies and navaids', async () => {
      const freqs = await t.get('/v1/aviation/airports/KJFK/frequencies');
      expect(freqs.body.data).toHaveLength(6);
      expect(freqs.body.data.find((f: { type: string }) => f.type === 'TWR')).toMatchObject({
        description: 'KENNEDY TWR',
        frequency_mhz: 119.1,
      });
      const navaids = await t.get('/v1/aviation/airports/JFK/navaids');
      expect(navaids.body.data.map((n: { ident: string }) => n.ident).sort()).toEqual(['CRI', 'JFK']);
      expect(navaids.body.data[0]).toMatchObject({
        type: 'VOR-DME',
        airport_ident: 'KJFK',
        dme: { channel: expect.any(String) },
      });
    });

    it('returns the full profile in one answer', async () => {
      const res = await t.get('/v1/aviation/airports/JFK/full');
      expect(Object.keys(res.body.data).sort()).toEqual(['airport', 'frequencies', 'navaids', 'runways']);
      expect(res.body.data.airport.iata).toBe('JFK');
      expect(res.body.data.runways).toHaveLength(4);
      expect(res.body.data.frequencies).toHaveLength(6);
      expect(res.body.data.navaids).toHaveLength(2);
      expect(res.body.meta).toEqual({ airport_iata: 'JFK', airport_icao: 'KJFK' });
      const empty = await t.get('/v1/aviation/airports/SJK/full');
      expect(empty.body.data).toMatchObject({ runways: [], frequencies: [], navaids: [] });
    });

    it('sends Cache-Control and an ETag, and 304 for a matching If-None-Match', async () => {
      const first = await t.get('/v1/aviation/airports/JFK');
      expect(first.headers['cache-control']).toBe('private, max-age=3600');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await t.app.inject({
        url: '/v1/aviation/airports/JFK',
        headers: { 'x-api-key': t.key, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const weak = await t.app.inject({
        url: '/v1/aviation/airports/JFK',
        headers: { 'x-api-key': t.key, 'if-none-match': `"x", W/${etag}` },
      });
      expect(weak.statusCode).toBe(304);
      const list = await t.get('/v1/aviation/airports?country=US');
      const listAgain = await t.get('/v1/aviation/airports?country=US', { 'if-none-match': String(list.headers.etag) });
      expect(listAgain.status).toBe(304);
    });

    it('names a list page by its query: the same page in any spelling shares an ETag, another page does not', async () => {
      const etagOf = async (url: string) => String((await t.get(url)).headers.etag);
      const page = await etagOf('/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=100');
      expect(page).toMatch(/^"[A-Za-z0-9_-]+"$/);
      // Defaults spelled out, parameters in another order: the same page.
      expect(await etagOf('/v1/aviation/airports?radius_km=100&lon=-73.78&lat=40.64&page=1&limit=50')).toBe(page);
      const others = await Promise.all(
        [
          '/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=101',
          '/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=100&limit=2',
          '/v1/aviation/airports?lat=40.64&lon=-73.78&radius_km=100&sort=-distance',
          '/v1/aviation/airports?country=US',
        ].map(etagOf),
      );
      expect(new Set([page, ...others]).size).toBe(5);
    });

    it('needs the API key, refused in the envelope', async () => {
      const res = await t.app.inject({ url: '/v1/aviation/airports/JFK' });
      expect(res.statusCode).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ data: null, errors: [{ message: 'missing X-API-Key' }] });
    });
  });

  describe('airport search', () => {
    it('pages with page, limit, total and has_more', async () => {
      const first = await t.get('/v1/aviation/airports?limit=5');
      expect(first.body.meta).toEqual({ page: 1, limit: 5, total: 13, has_more: true });
      expect(first.body.data).toHaveLength(5);
      const last = await t.get('/v1/aviation/airports?limit=5&page=3');
      expect(last.body.meta).toEqual({ page: 3, limit: 5, total: 13, has_more: false });
      expect(last.body.data).toHaveLength(3);
      const beyond = await t.get('/v1/aviation/airports?limit=5&page=9');
      expect(beyond.body).toMatchObject({ data: [], meta: { page: 9, total: 13, has_more: false } });
      expect((await t.get('/v1/aviation/airports')).body.meta).toMatchObject({ page: 1, limit: 50 });
    });

    it.each([
      ['limit=0', 'limit must be >= 1'],
      ['limit=501', 'limit must be <= 500'],
      ['page=0', 'page must be >= 1'],
      ['page=x', 'page must be an integer'],
      ['type=spaceport', 'type must be one of'],
      ['sort=size', 'sort must be one of'],
      ['lat=91&lon=0', 'lat must be <= 90'],
      ['lat=40', 'lat and lon must be given together'],
      ['radius_km=10', 'radius_km needs lat and lon'],
      ['sort=distance', 'sort=distance needs lat and lon'],
      ['lat=0&lon=0&radius_km=0', 'radius_km must be > 0'],
    ])('refuses %s with a 400 naming the parameter', async (query, message) => {
      const res = await t.get(`/v1/aviation/airports?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].message).toContain(message);
    });

    it.each([
      ['iata=lga', ['LGA']],
      ['icao=EGLL', ['LHR']],
      ['country=fj', ['NAN', 'TVU']],
      ['region=US-NY', ['JFK', 'LGA']],
      ['city=zurich', ['ZRH']],
      ['city=SAO JOSE DOS CAMPOS', ['SJK']],
      ['name=kennedy', ['JFK']],
      ['name=ZÜRICH', ['ZRH']],
      ['name=zurich', ['ZRH']],
      ['name=Stumpf', ['SJK']],
      ['type=heliport', ['00A']],
      ['type=seaplane_base', ['LHD']],
      ['type=closed', ['0TT8']],
      ['type=balloonport', ['US-1234']],
      ['type=medium_airport', ['SJK']],
      ['type=large_airport&country=US', ['JFK', 'LGA', 'EWR']],
      ['name=%25', []],
    ])('filters by %s', async (query, expected) => {
      const res = await t.get(`/v1/aviation/airports?${query}`);
      expect(res.status).toBe(200);
      expect(codes(res.body).sort()).toEqual([...expected].sort());
      expect(res.body.meta.total).toBe(expected.length);
    });

    it('sorts by the documented values, ascending or descending', async () => {
      const byName = codes((await t.get('/v1/aviation/airports?country=US&sort=name')).body);
      expect(byName).toEqual(['JFK', 'LGA', 'LHD', 'EWR', 'US-1234', '00A']);
      const desc = codes((await t.get('/v1/aviation/airports?country=US&sort=-name')).body);
      expect(desc).toEqual([...byName].reverse());
      expect(codes((await t.get('/v1/aviation/airports?country=US&sort=type')).body).slice(0, 3)).toEqual(['JFK', 'EWR', 'LGA']);
      expect(codes((await t.get('/v1/aviation/airports?country=US&sort=-elevation')).body)[0]).toBe('US-1234');
      const iata = codes((await t.get('/v1/aviation/airports?country=US&sort=iata')).body);
      expect(iata.slice(0, 4)).toEqual(['EWR', 'JFK', 'LGA', 'LHD']);
    });

    it('searches a great-circle radius, nearest first, with the distance', async () => {
      const res = await t.get('/v1/aviation/airports?lat=40.7128&lon=-74.006&radius_km=30');
      expect(codes(res.body)).toEqual(['LGA', 'EWR', 'JFK']);
      const [lga, ewr, jfk] = res.body.data;
      expect(lga.distance_km).toBeCloseTo(13.3, 0);
      expect(ewr.distance_km).toBeLessThan(jfk.distance_km);
      expect(jfk.distance_km).toBeCloseTo(20.8, 0);
      const farthest = await t.get('/v1/aviation/airports?lat=40.7128&lon=-74.006&radius_km=30&sort=-distance');
      expect(codes(farthest.body)).toEqual(['JFK', 'EWR', 'LGA']);
      const byName = await t.get('/v1/aviation/airports?lat=40.7128&lon=-74.006&radius_km=30&sort=name');
      expect(codes(byName.body)).toEqual(['JFK', 'LGA', 'EWR']);
      const small = await t.get('/v1/aviation/airports?lat=40.7128&lon=-74.006&radius_km=13.5');
      expect(codes(small.body)).toEqual(['LGA']);
    });

    it('sends a radius page as compact JSON in the envelope, with its type and length', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/aviation/airports?lat=40.7128&lon=-74.006&radius_km=30&limit=2',
        headers: { 'x-api-key': t.key },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const body = JSON.parse(res.body);
      expect(res.body).toBe(JSON.stringify(body));
      expect(Object.keys(body)).toEqual(['data', 'meta', 'errors']);
      expect(body.meta).toEqual({ page: 1, limit: 2, total: 3, has_more: true });
      expect(body.data.map((a: { iata: string }) => a.iata)).toEqual(['LGA', 'EWR']);
      // distance_km is each record's last key, rounded to the metre.
      for (const airport of body.data) {
        expect(Object.keys(airport).at(-1)).toBe('distance_km');
        expect(Math.round(airport.distance_km * 1000) / 1000).toBe(airport.distance_km);
      }
    });

    it('defaults to a 100 km radius, and finds airports across the antimeridian', async () => {
      // Bensalem's heliport is 106 km away: out by default, in at 110 km.
      const near = await t.get('/v1/aviation/airports?lat=40.7128&lon=-74.006');
      expect(codes(near.body)).toEqual(['LGA', 'EWR', 'JFK']);
      const wider = await t.get('/v1/aviation/airports?lat=40.7128&lon=-74.006&radius_km=110');
      expect(codes(wider.body)).toEqual(['LGA', 'EWR', 'JFK', '00A']);
      const across = await t.get('/v1/aviation/airports?lat=-16.7&lon=179.9&radius_km=50');
      expect(codes(across.body)).toEqual(['TVU']);
      expect(across.body.data[0].distance_km).toBeLessThan(50);
      const pole = await t.get('/v1/aviation/airports?lat=89.9&lon=0&radius_km=3500');
      expect(codes(pole.body)).toEqual(['LHD']);
    });

    it('leaves distance_km out of plain searches', async () => {
      const res = await t.get('/v1/aviation/airports?iata=JFK');
      expect(res.body.data[0]).not.toHaveProperty('distance_km');
    });
  });

  it('documents every aviation route in the OpenAPI description under the aviation tag', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    const spec = JSON.parse(res.body);
    const aviation = Object.entries(spec.paths).filter(([p]) => p.startsWith('/v1/aviation') || p.startsWith('/v1/reference'));
    expect(aviation).toHaveLength(19);
    for (const [path, item] of aviation) expect((item as any).get.tags, path).toEqual(['aviation']);
    const sort = spec.paths['/v1/aviation/airports'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(JSON.stringify(sort)).toContain('-distance');
    expect(JSON.stringify(spec.paths['/v1/aviation/airports'].get)).toContain('balloonport');
  });
});
