import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aviationTestApp, type AviationTestApp } from './aviation-test-app.js';

describe('airline, aircraft-type and manufacturer endpoints', () => {
  let t: AviationTestApp;
  beforeAll(async () => {
    t = await aviationTestApp({ synced: true });
  });
  afterAll(() => t.close());

  const ids = (body: { data: { id: string }[] }) => body.data.map((a) => a.id).sort((a, b) => Number(a) - Number(b));
  const icaos = (body: { data: { icao: string }[] }) => body.data.map((a) => a.icao);

  describe('airlines', () => {
    it('resolves an id, an IATA code or an ICAO code, preferring the active holder of a reused code', async () => {
      for (const id of ['24', 'AA', 'aa', 'AAL']) {
        const res = await t.get(`/v1/aviation/airlines/${id}`);
        expect(res.status, id).toBe(200);
        expect(res.body.data).toEqual({
          id: '24',
          name: 'American Airlines',
          alias: null,
          iata: 'AA',
          icao: 'AAL',
          callsign: 'AMERICAN',
          country_name: 'United States',
          country_code: 'US',
          status: 'active',
          active_flag: 'Y',
          alliance: 'oneworld',
        });
      }
      expect((await t.get('/v1/aviation/airlines/LH')).body.data.name).toBe('Lufthansa');
      expect((await t.get('/v1/aviation/airlines/iata/LH')).body.data.id).toBe('3320');
      expect((await t.get('/v1/aviation/airlines/icao/GEC')).body.data.name).toBe('Lufthansa Cargo');
      expect((await t.get('/v1/aviation/airlines/iata/AAL')).status).toBe(404);
      expect((await t.get('/v1/aviation/airlines/icao/AA')).status).toBe(404);
    });

    it('answers 404 in the envelope for an unknown airline', async () => {
      const res = await t.get('/v1/aviation/airlines/ZZ');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ data: null, errors: [{ code: 'airline_not_found' }] });
      expect((await t.get('/v1/aviation/airlines/TOOLONG')).status).toBe(404);
    });

    it('derives the status honestly from the OpenFlights flag', async () => {
      expect((await t.get('/v1/aviation/airlines/24/status')).body.data).toEqual({ airline_id: '24', status: 'active' });
      expect((await t.get('/v1/aviation/airlines/5/status')).body.data.status).toBe('defunct');
      expect((await t.get('/v1/aviation/airlines/ZNT/status')).body.data.status).toBe('inactive');
      expect((await t.get('/v1/aviation/airlines/MYS/status')).body.data.status).toBe('unknown');
    });

    it('turns \\N, "-", "N/A" and junk codes into nulls and maps country names to codes', async () => {
      expect((await t.get('/v1/aviation/airlines/1')).body.data).toMatchObject({
        iata: null,
        icao: null,
        country_name: null,
        alias: null,
      });
      expect((await t.get('/v1/aviation/airlines/13394')).body.data).toMatchObject({
        iata: null,
        icao: null,
        country_code: null,
      });
      expect((await t.get('/v1/aviation/airlines/KE')).body.data).toMatchObject({ country_code: 'KR', alliance: 'SkyTeam' });
    });

    it.each([
      ['iata=lh', ['3320', '3321']],
      ['icao=dlh', ['3320']],
      ['country=US', ['5', '24', '501', '502']],
      ['country=germany', ['3320', '3321']],
      ['alliance=oneworld', ['24', '1355']],
      ['alliance=star_alliance', ['3320']],
      ['alliance=Star%20Alliance', ['3320']],
      ['alliance=SKYTEAM', ['10', '137', '3090']],
      ['alliance=none&country=US', ['5', '501', '502']],
      ['status=active&country=US', ['24']],
      ['status=defunct', ['5']],
      ['status=inactive', ['501']],
      ['status=unknown', ['502']],
      ['name=aerolineas', ['10']],
      ['name=LUFT', ['3320', '3321']],
    ])('filters by %s', async (query, expected) => {
      const res = await t.get(`/v1/aviation/airlines?${query}`);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual(expected);
    });

    it.each([
      ['alliance=bogus', 'alliance must be one of'],
      ['status=gone', 'status must be one of'],
      ['sort=callsign', 'sort must be one of'],
      ['limit=1000', 'limit must be <= 500'],
    ])('refuses %s with a 400 naming the parameter', async (query, message) => {
      const res = await t.get(`/v1/aviation/airlines?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toContain(message);
    });

    it('sorts and pages', async () => {
      const byIata = (await t.get('/v1/aviation/airlines?sort=iata&limit=3')).body;
      expect(byIata.data.map((a: { iata: string }) => a.iata)).toEqual(['AA', 'AA', 'AF']);
      expect(byIata.meta).toEqual({ page: 1, limit: 3, total: 12, has_more: true });
      const byName = (await t.get('/v1/aviation/airlines?sort=-name&limit=2')).body;
      expect(byName.data.map((a: { name: string }) => a.name)).toEqual(['Zantop International Airlines', 'Private flight']);
      expect((await t.get('/v1/aviation/airlines?page=3&limit=5')).body.meta).toEqual({
        page: 3,
        limit: 5,
        total: 12,
        has_more: false,
      });
    });
  });

  describe('aircraft types', () => {
    it('gives one record per designator with a normalized manufacturer and a derived body class', async () => {
      const res = await t.get('/v1/aviation/aircraft-types/b738');
      expect(res.body.data).toEqual({
        icao: 'B738',
        iata_codes: ['738', '73H'],
        manufacturer: 'Boeing',
        manufacturer_aliases: [],
        model: '737-800',
        models: ['737-800', 'BBJ2'],
        family: 'Boeing 737 NG (-600/700/800/900)',
        engine_count: 2,
        engine_type: 'jet',
        species: 'landplane',
        wake_category: 'M',
        body_class: 'narrowbody',
        in_service: true,
      });
      const agusta = (await t.get('/v1/aviation/aircraft-types/A109')).body.data;
      expect(agusta).toMatchObject({
        manufacturer: 'Agusta',
        manufacturer_aliases: ['AgustaWestland', 'Leonardo'],
        body_class: 'helicopter',
      });
      expect((await t.get('/v1/aviation/aircraft-types/DH8D')).body.data).toMatchObject({
        manufacturer: 'Bombardier',
        body_class: 'turboprop',
      });
      expect((await t.get('/v1/aviation/aircraft-types/DIS2')).body.data.manufacturer).toBe('M&D Flugzeugbau');
      expect((await t.get('/v1/aviation/aircraft-types/DC86')).body.data).toMatchObject({
        body_class: 'narrowbody',
        in_service: false,
      });
    });

    it('answers 404 in the envelope for an unknown designator', async () => {
      const res = await t.get('/v1/aviation/aircraft-types/ZZZZ');
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('aircraft_type_not_found');
      expect((await t.get('/v1/aviation/aircraft-types/-GND')).status).toBe(404);
    });

    it.each([
      ['class=narrowbody', ['A320', 'B738', 'DC86']],
      ['class=widebody', ['A388', 'B744']],
      ['class=regional', ['B462', 'CRJ9']],
      ['class=turboprop', ['AT72', 'DH8D']],
      ['class=piston', ['C172', 'DIS2', 'DISC']],
      ['class=helicopter', ['A109']],
      ['class=business_jet', ['C25A']],
      ['class=glider', ['DIS3']],
      ['class=other', ['F16']],
      ['manufacturer=airbus', ['A320', 'A388']],
      ['manufacturer=BOEING&class=widebody', ['B744']],
    ])('filters by %s', async (query, expected) => {
      const res = await t.get(`/v1/aviation/aircraft-types?${query}`);
      expect(res.status).toBe(200);
      expect(icaos(res.body)).toEqual(expected);
    });

    it('pages the whole list and refuses an unknown class', async () => {
      const res = await t.get('/v1/aviation/aircraft-types?limit=10&page=2');
      expect(res.body.meta).toEqual({ page: 2, limit: 10, total: 16, has_more: false });
      expect(res.body.data).toHaveLength(6);
      const bad = await t.get('/v1/aviation/aircraft-types?class=spaceship');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].message).toContain('class must be one of');
    });
  });

  describe('manufacturers', () => {
    it('lists normalized manufacturer names', async () => {
      const res = await t.get('/v1/aviation/manufacturers');
      expect(res.body.data).toEqual([
        'Agusta',
        'Airbus',
        'ATR',
        'Boeing',
        'Bombardier',
        'British Aerospace',
        'Canadair',
        'Cessna',
        'Douglas',
        'General Dynamics',
        'M&D Flugzeugbau',
      ]);
      expect(res.headers.etag).toBeTruthy();
    });

    it("lists a manufacturer's types, by any case, and 404 for an unknown one", async () => {
      expect(icaos((await t.get('/v1/aviation/manufacturers/boeing/aircraft-types')).body)).toEqual(['B738', 'B744']);
      const md = await t.get(`/v1/aviation/manufacturers/${encodeURIComponent('M&D Flugzeugbau')}/aircraft-types?limit=2`);
      expect(md.body.meta).toEqual({ page: 1, limit: 2, total: 3, has_more: true });
      const unknown = await t.get('/v1/aviation/manufacturers/Nobody/aircraft-types');
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors[0].code).toBe('manufacturer_not_found');
    });
  });
});
