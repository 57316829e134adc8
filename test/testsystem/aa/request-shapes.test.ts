import { AA_PROFILE } from '../../../src/testsystem/aa/aa-profile.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleService } from '../../../src/testsystem/ndc/network/schedule-service.js';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import {
  offersIn,
  post,
  roundTripRq,
  seatAvailabilityBySegmentRq,
  serviceListByOrderRq,
  startFixedServer,
  xsdErrors,
} from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system.close());

describe('other 21.3 request shapes', () => {
  it('answers a round trip with offers for both directions', async () => {
    const res = await post(system, 'AirShopping', roundTripRq('CLT', 'MCO', '2026-12-15', '2026-12-20'));
    expect(await xsdErrors('IATA_AirShoppingRS', res.body)).toEqual([]);
    expect(res.body).toContain('<OriginDestID>OD2</OriginDestID>');
    expect(res.body).toMatch(
      /<Dep><AircraftScheduledDateTime>2026-12-20T[^<]+<\/AircraftScheduledDateTime><IATA_LocationCode>MCO/,
    );
    expect(offersIn(res.body).length).toBeGreaterThan(2);
  });

  it('returns a first-class seat map for a segment sent by value', async () => {
    const flight = createScheduleService(AA_PROFILE)
      .departures('JFK', '2026-12-15')
      .find((f) => f.pattern.destination === 'LAX')!;
    const res = await post(
      system,
      'SeatAvailability',
      seatAvailabilityBySegmentRq(flight.pattern.flightNumber, 'JFK', 'LAX', flight.depLocal, flight.arrLocal),
    );
    expect(await xsdErrors('IATA_SeatAvailabilityRS', res.body)).toEqual([]);
    // The A321T's First is AA's Flagship First.
    expect(res.body).toContain('<CabinTypeName>Flagship First</CabinTypeName>');
    // AA's NDC names equipment by IATA code (321), the transcontinental A321 by name.
    expect(res.body).toContain('<CarrierAircraftTypeCode>321</CarrierAircraftTypeCode>');
    expect(res.body).toContain('<CarrierAircraftTypeName>Airbus A321 Transcontinental</CarrierAircraftTypeName>');
  });

  it('answers an unknown order with an NDC error', async () => {
    const res = await post(system, 'ServiceList', serviceListByOrderRq('AAXXXXXX'));
    expect(res.body).toContain('Order AAXXXXXX not found');
    expect(await xsdErrors('IATA_ServiceListRS', res.body)).toEqual([]);
  });
});

describe('framework-level failures still answer in NDC', () => {
  it('reads the body whatever the Content-Type and rejects oversized bodies with an NDC Error', async () => {
    const plain = await fetch(`${system.url}/ndc/21.3/OfferPrice`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'Ocp-Apim-Subscription-Key': 'test-subscription-key' },
      body: 'not xml at all',
    });
    expect(plain.status).toBe(400);
    expect(await xsdErrors('IATA_OfferPriceRS', await plain.text())).toEqual([]);
    const huge = await fetch(`${system.url}/ndc/21.3/ServiceList`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'Ocp-Apim-Subscription-Key': 'test-subscription-key' },
      body: `<x>${'a'.repeat(3 * 1024 * 1024)}</x>`,
    });
    expect(huge.status).toBe(413);
    expect(await xsdErrors('IATA_ServiceListRS', await huge.text())).toEqual([]);
  });
});
