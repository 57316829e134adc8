// The Duffel test system's wire rules seen raw (headers, envelopes, errors with their source) and
// Duffel Airways' scenario routes from Duffel's "Test your integration" page.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuffelTestSystem } from '../../../src/testsystem/duffel/server.js';
import { searchSlice, startFixed } from './duffel-test-helpers.js';

let system: DuffelTestSystem;
beforeAll(async () => {
  system = await startFixed();
});
afterAll(async () => system?.close());

const HEADERS = {
  authorization: 'Bearer duffel_test_development_token',
  'duffel-version': 'v2',
  'content-type': 'application/json',
};

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = HEADERS) {
  const response = await fetch(`${system.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

const search = (origin: string, destination: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/air/offer_requests?return_offers=true', {
    data: { slices: [searchSlice(origin, destination)], passengers: [{ type: 'adult' }], ...extra },
  });

describe('wire rules', () => {
  it('requires the Duffel-Version header and names the missing field of a body', async () => {
    const { 'duffel-version': _version, ...noVersion } = HEADERS;
    const missing = await call('GET', '/air/offers?offer_request_id=orq_0000AAAAAAAAAAAAAAAAAA', undefined, noVersion);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ type: 'invalid_request_error', code: 'missing_version_header' });
    expect(missing.body.meta.request_id).toBe(missing.headers.get('x-request-id'));
    const old = await call('GET', '/air/offers?offer_request_id=orq_0000AAAAAAAAAAAAAAAAAA', undefined, {
      ...HEADERS,
      'duffel-version': 'v1',
    });
    expect(old.body.errors[0].code).toBe('unsupported_version');

    const noPassengers = await call('POST', '/air/offer_requests', { data: { slices: [searchSlice('JFK', 'LHR')] } });
    expect(noPassengers.status).toBe(422);
    expect(noPassengers.body.errors[0]).toMatchObject({
      type: 'validation_error',
      code: 'validation_required',
      source: { field: 'passengers', pointer: '/passengers' },
    });
    const badAirport = await call('POST', '/air/offer_requests', {
      data: { slices: [searchSlice('JFK', 'XXQ')], passengers: [{ type: 'adult' }] },
    });
    expect(badAirport.body.errors[0].source.field).toBe('slices.0.destination');
    const past = await call('POST', '/air/offer_requests', {
      data: { slices: [searchSlice('JFK', 'LHR', '2026-11-30')], passengers: [{ type: 'adult' }] },
    });
    expect(past.body.errors[0].source.field).toBe('slices.0.departure_date');
    const infantsOnly = await call('POST', '/air/offer_requests', {
      data: { slices: [searchSlice('JFK', 'LHR')], passengers: [{ age: 1 }] },
    });
    expect(infantsOnly.status).toBe(422);
    const noEnvelope = await call('POST', '/air/offer_requests', { slices: [] });
    expect(noEnvelope.body.errors[0].source.field).toBe('data');
  });

  it('answers unknown ids and routes with not_found, and bad cursors with invalid_parameter', async () => {
    const order = await call('GET', '/air/orders/ord_0000AAAAAAAAAAAAAAAAAA');
    expect(order.status).toBe(404);
    expect(order.body.errors[0]).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
    expect((await call('GET', '/air/orders/../../etc')).status).toBe(404);
    expect((await call('GET', '/air/nothing')).status).toBe(404);
    const cursor = await call('GET', '/air/orders?after=%27%20or%201%3D1');
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors[0].source.parameter).toBe('after');
    expect((await call('GET', '/air/orders?limit=500')).body.errors[0].source.parameter).toBe('limit');
  });

  it('prices children and infants by age and keeps their ages on the offer', async () => {
    const result = await call('POST', '/air/offer_requests', {
      data: { slices: [searchSlice('LHR', 'MAD')], passengers: [{ type: 'adult' }, { age: 7 }, { age: 1 }] },
    });
    expect(result.status).toBe(201);
    const offer = result.body.data.offers.find((o: any) => o.owner.iata_code === 'BA');
    expect(offer.passengers.map((p: any) => [p.type, p.age])).toEqual([
      ['adult', null],
      ['child', 7],
      ['infant_without_seat', 1],
    ]);
  });
});

describe("Duffel Airways' scenario routes", () => {
  it('PVD→RAI has no offers', async () => {
    expect((await search('PVD', 'RAI')).body.data.offers).toEqual([]);
  });

  it('JFK→EWR offers can all be held', async () => {
    const offers = (await search('JFK', 'EWR')).body.data.offers;
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o.payment_requirements.requires_instant_payment).toBe(false);
  });

  it('LHR→DXB offers all connect, DXB→AMS ones stop, BTS→MRU ones carry no bags', async () => {
    const connecting = (await search('LHR', 'DXB')).body.data.offers.filter((o: any) => o.owner.iata_code === 'ZZ');
    for (const o of connecting) expect(o.slices[0].segments).toHaveLength(2);
    const stopping = (await search('DXB', 'AMS')).body.data.offers;
    for (const o of stopping) expect(o.slices[0].segments[0].stops[0].airport.iata_code).toBe('IST');
    const noBags = (await search('BTS', 'MRU')).body.data.offers;
    expect(noBags.length).toBeGreaterThan(0);
    for (const o of noBags) expect(o.slices[0].segments[0].passengers[0].baggages).toEqual([]);
    const instant = (await search('LHR', 'CDG')).body.data.offers;
    for (const o of instant) expect(o.payment_requirements.requires_instant_payment).toBe(true);
  });

  it('STN→LHR waits out the supplier timeout and has no Duffel Airways offers', async () => {
    const started = Date.now();
    const result = await call('POST', '/air/offer_requests?supplier_timeout=2000', {
      data: { slices: [searchSlice('STN', 'LHR')], passengers: [{ type: 'adult' }] },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(result.body.data.offers).toEqual([]);
  });
});
