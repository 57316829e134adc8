// The published 21.3 request samples (read in place from ../shared/ndc, never copied) must all get a
// schema-valid answer: offers where the request makes sense for AA, an NDC Error otherwise.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { control, post, startFixedServer, xsdErrorsMany } from './aa-test-helpers.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../../helpers/upstream.js';

const SAMPLES = NDC_SAMPLES_DIR;
const MESSAGES = [
  { folder: 'airshopping', message: 'AirShopping', rq: 'IATA_AirShoppingRQ', rs: 'IATA_AirShoppingRS' },
  { folder: 'offerprice', message: 'OfferPrice', rq: 'IATA_OfferPriceRQ', rs: 'IATA_OfferPriceRS' },
  { folder: 'seatavailability', message: 'SeatAvailability', rq: 'IATA_SeatAvailabilityRQ', rs: 'IATA_SeatAvailabilityRS' },
  { folder: 'servicelist', message: 'ServiceList', rq: 'IATA_ServiceListRQ', rs: 'IATA_ServiceListRS' },
] as const;

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
  // The samples shop for dates in 2023; put the test system's clock before them.
  await control(system, 'POST', '/control/clock', { now: '2023-04-01T09:00:00Z' });
});
afterAll(async () => system.close());

describe('published 21.3 request samples', () => {
  for (const { folder, message, rq, rs } of MESSAGES) {
    it(`answers every ${message} request sample with a schema-valid ${rs}, rejecting exactly the invalid ones`, async () => {
      needsUpstream('ndc-samples');
      const files = readdirSync(path.join(SAMPLES, folder)).filter((f) => /rq([_.]|$)/i.test(f) && !/rs([_.]|$)/i.test(f));
      expect(files.length).toBeGreaterThan(0);
      const requests = files.map((file) => ({ name: file, xml: readFileSync(path.join(SAMPLES, folder, file), 'utf8') }));
      const responses: { name: string; xml: string; status: number }[] = [];
      for (const request of requests) {
        const res = await post(system, message, request.xml);
        responses.push({ name: request.name, xml: res.body, status: res.status });
      }
      // About a fifth of the published samples drift from the schema; the lean runtime schemas must
      // judge them exactly as libxml2 does with the full schema set. One libxml2 run per side.
      const requestErrors = await xsdErrorsMany(rq, requests);
      const responseErrors = await xsdErrorsMany(rs, responses);
      for (const response of responses) {
        const requestValid = (requestErrors.get(response.name) ?? ['missing']).length === 0;
        expect(response.status, response.name).toBe(requestValid ? 200 : 400);
        expect(responseErrors.get(response.name), response.name).toEqual([]);
      }
    });
  }

  it('finds AA offers for the LHR-JFK direct-flight sample', async () => {
    needsUpstream('ndc-samples');
    const res = await post(
      system,
      'AirShopping',
      readFileSync(path.join(SAMPLES, 'airshopping', 'shop_with_direct_flight_filter_RQ.xml'), 'utf8'),
    );
    expect(res.body).toContain('<OwnerCode>AA</OwnerCode>');
    expect(res.body).toMatch(
      /<Dep><AircraftScheduledDateTime>2023-06-08T[^<]+<\/AircraftScheduledDateTime><IATA_LocationCode>LHR/,
    );
  });
});
