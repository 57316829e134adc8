// AA's seat rules on the wire (issue 20, point 8), against samples-aa-17.2 SeatAvailabilityRS:
// exit seats marked 1A/IE and not sold to a party with a child, one sub-code per seat product
// (088 Preferred, 090 Main Cabin Extra, 093 Standard), and the 7.5% US tax in domestic seat prices.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, offerRequest, offersIn, post, startFixedServer, TRAVEL_DATE, xsdErrors } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system?.close());

async function seatMapFor(ptcs: string[], brand = 'AADOM-MAIN'): Promise<string> {
  const shop = await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX', TRAVEL_DATE, ptcs));
  // The price class id of the brand in this answer, then a non-stop offer of it.
  const classId = new RegExp(`<Code>${brand}</Code>[\\s\\S]*?<PriceClassID>(\\w+)<`).exec(shop.body)?.[1];
  const offers = [...shop.body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].filter((m) =>
    m[1]!.includes(`<PriceClassRefID>${classId}<`),
  );
  const offer = offersIn(offers.map((m) => m[0]).join('')).find((o) => o.flights.length === 1)!;
  const answer = await post(system, 'SeatAvailability', offerRequest('SeatAvailability', offer.offerId));
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Exit-row seats of an answer with their status and whether they are offered for sale. */
function exitSeats(xml: string): { status: string; sold: boolean }[] {
  return [...xml.matchAll(/<Seat>([\s\S]*?)<\/Seat>/g)]
    .map((m) => m[1] as string)
    .filter((seat) => seat.includes('<SeatCharacteristicCode>E</SeatCharacteristicCode>'))
    .map((seat) => ({ status: /<OccupationStatusCode>(\w)</.exec(seat)?.[1] ?? '', sold: seat.includes('<OfferItemRefID>') }));
}

describe('seat maps as AA sells them', () => {
  it('marks exit seats 1A and IE, sells them to adults, and not to a party with a child', async () => {
    const adults = await seatMapFor(['ADT', 'ADT']);
    const adultExits = exitSeats(adults);
    expect(adultExits.length).toBeGreaterThan(0);
    expect(adultExits.some((s) => s.status === 'F' && s.sold)).toBe(true);
    expect(adults).toMatch(
      /<SeatCharacteristicCode>E<\/SeatCharacteristicCode><SeatCharacteristicCode>1A<\/SeatCharacteristicCode><SeatCharacteristicCode>IE</,
    );
    const family = await seatMapFor(['ADT', 'CHD']);
    const familyExits = exitSeats(family);
    expect(familyExits.length).toBe(adultExits.length);
    expect(familyExits.every((s) => !s.sold && s.status !== 'F')).toBe(true);
    expect(await xsdErrors('IATA_SeatAvailabilityRS', family)).toEqual([]);
  });

  it('names each seat product with its AA sub-code and adds the 7.5% US tax on a domestic flight', async () => {
    const xml = await seatMapFor(['ADT'], 'AADOM-BASIC');
    const products = new Map(
      [...xml.matchAll(/<ServiceDefinition>([\s\S]*?)<\/ServiceDefinition>/g)].map((m) => [
        /<Name>([^<]+)</.exec(m[1]!)?.[1],
        /<RFISC>(\w+)</.exec(m[1]!)?.[1],
      ]),
    );
    expect(products).toEqual(
      new Map([
        ['Main Cabin Extra', '090'],
        ['Preferred Seats', '088'],
        ['Standard Seats', '093'],
      ]),
    );
    for (const price of xml.matchAll(/<UnitPrice>([\s\S]*?)<\/UnitPrice>/g)) {
      const base = Number(/<BaseAmount[^>]*>([\d.]+)</.exec(price[1]!)?.[1]);
      const tax = Number(/<TotalTaxAmount[^>]*>([\d.]+)</.exec(price[1]!)?.[1]);
      const total = Number(/<TotalAmount[^>]*>([\d.]+)</.exec(price[1]!)?.[1]);
      expect(tax).toBe(Math.round(base * 7.5) / 100);
      expect(total).toBeCloseTo(base + tax, 2);
    }
    expect(await xsdErrors('IATA_SeatAvailabilityRS', xml)).toEqual([]);
  });
});
