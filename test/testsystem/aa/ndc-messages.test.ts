import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, offerPriceRq, offerRequest, offersIn, post, startFixedServer, xsdErrors } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system.close());

describe('AA test system NDC messages over HTTP', () => {
  it('answers AirShopping JFK-LAX with a schema-valid response holding a non-stop, the same twice', async () => {
    const first = await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX', undefined, ['ADT', 'CHD', 'INF']));
    expect(first.status).toBe(200);
    expect(await xsdErrors('IATA_AirShoppingRS', first.body)).toEqual([]);
    const offers = offersIn(first.body);
    expect(offers.some((o) => o.flights.length === 1)).toBe(true);
    expect(first.body).toContain('<Code>AADOM-MAIN</Code>');
    expect(first.body).toContain('<Name>Basic Economy</Name>');
    expect(first.body).toMatch(/<OfferExpirationTimeLimitDateTime>2026-11-20T12:30:00Z</);
    const firstOffer = /<Offer>([\s\S]*?)<\/Offer>/.exec(first.body)![1]!;
    const cents = (v: string) => Math.round(Number(v) * 100);
    const itemTotals = [
      ...firstOffer.matchAll(/<\/PaymentTimeLimit><Price>[\s\S]*?<TotalAmount CurCode="USD">([\d.]+)<\/TotalAmount><\/Price>/g),
    ].map((m) => cents(m[1]!));
    expect(itemTotals).toHaveLength(3);
    expect(itemTotals.reduce((a, b) => a + b, 0)).toBe(
      cents(/<TotalPrice><TotalAmount CurCode="USD">([\d.]+)</.exec(firstOffer)![1]!),
    );
    const second = await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX', undefined, ['ADT', 'CHD', 'INF']));
    const flights = (xml: string) => [...new Set(offersIn(xml).map((o) => o.flights.join('>')))];
    expect(flights(second.body)).toEqual(flights(first.body));
  });

  it('shows local departure times and the partner as operating carrier on DFW-LHR connections', async () => {
    const res = await post(system, 'AirShopping', airShoppingRq('DFW', 'LHR'));
    expect(await xsdErrors('IATA_AirShoppingRS', res.body)).toEqual([]);
    const offers = offersIn(res.body);
    expect(offers.some((o) => o.flights.length > 1 && o.operatingCarriers.includes('BA'))).toBe(true);
    expect(offers.filter((o) => o.flights.length === 1).every((o) => o.operatingCarriers[0] === 'AA')).toBe(true);
    expect(res.body).toMatch(
      /<Dep><AircraftScheduledDateTime>2026-12-15T\d\d:\d\d:00<\/AircraftScheduledDateTime><IATA_LocationCode>DFW/,
    );
  });

  it('prices, seats and lists services for a shopped offer, all schema-valid', async () => {
    const shop = await post(system, 'AirShopping', airShoppingRq('ORD', 'MIA', undefined, ['ADT', 'ADT', 'CHD']));
    const offer = offersIn(shop.body).find((o) => o.flights.length === 1)!;
    const priced = await post(system, 'OfferPrice', offerPriceRq(offer.offerId, offer.items));
    expect(await xsdErrors('IATA_OfferPriceRS', priced.body)).toEqual([]);
    const pricedOffer = offersIn(priced.body)[0]!;
    expect(pricedOffer.total).toBe(offer.total);
    expect(priced.body).not.toContain('<Warning ');
    const seats = await post(system, 'SeatAvailability', offerRequest('SeatAvailability', pricedOffer.offerId));
    expect(await xsdErrors('IATA_SeatAvailabilityRS', seats.body)).toEqual([]);
    expect(seats.body).toContain('<SeatMap ');
    expect(seats.body).toMatch(/<OccupationStatusCode>O</);
    expect(seats.body).toMatch(/<SeatCharacteristicCode>W</);
    const services = await post(system, 'ServiceList', offerRequest('ServiceList', offer.offerId));
    expect(await xsdErrors('IATA_ServiceListRS', services.body)).toEqual([]);
    expect(services.body).toContain('First checked bag');
  });
});
