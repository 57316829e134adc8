// Seat maps on each aircraft VS flies (787-9, A350-1000, A330-900neo, A330-300) with VS's seat
// products (Preferred ASU, Exit AES), free seats for the brands that choose any seat, and VS's
// service list (extra bags beyond the brand's allowance, special meals at no charge).

import { VS_PROFILE } from '../../../src/testsystem/vs/vs-profile.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VsTestSystem } from '../../../src/testsystem/vs/server.js';
import { VS_SEAT_OFFER_ITEM_ID } from '../../../src/testsystem/vs/vs-dialect.js';
import { airShoppingRq, all, first, offerRequest, offersIn, postValid, startVs } from './vs-test-helpers.js';

let vs: VsTestSystem;
beforeAll(async () => {
  vs = await startVs();
});
afterAll(async () => vs.close());

/** The offer of a brand on one VS flight number, from a search of its route on 2026-12-15. */
async function offerOn(origin: string, destination: string, flightNumber: number, pc: string) {
  const res = await postValid(vs, 'AirShopping', airShoppingRq(origin, destination), 'IATA_AirShoppingRS');
  const xml = [...res.body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].map((m) => m[1]!);
  const offers = offersIn(res.body);
  const index = offers.findIndex(
    (o, i) =>
      o.flights.length === 1 && o.flights[0]!.endsWith(String(flightNumber)) && xml[i]!.includes(`<PriceClassRefID>${pc}<`),
  );
  expect(index, `${pc} on VS${flightNumber}`).toBeGreaterThanOrEqual(0);
  return offers[index]!;
}

describe('VS seat maps and services', () => {
  it.each([
    ['787-9', 'LHR', 'JFK', 45, '789', 'ABCDFGHJK'],
    ['A350-1000', 'LHR', 'JFK', 3, '351', 'ABCDFGHJK'],
    ['A330-900neo', 'LHR', 'JFK', 153, '339', 'ACDEFGHK'],
    ['A330-300', 'LHR', 'MCO', 135, '333', 'ACDEFGHK'],
  ])(
    'shows the %s economy cabin with exit and preferred seats for sale',
    async (_name, origin, destination, flight, iata, columns) => {
      const offer = await offerOn(origin, destination, flight, 'PC2');
      const seats = await postValid(
        vs,
        'SeatAvailability',
        offerRequest('SeatAvailability', offer.offerId),
        'IATA_SeatAvailabilityRS',
      );
      expect(seats.status).toBe(200);
      expect(seats.schemaErrors).toEqual([]);
      expect(seats.body).toContain(`<CarrierAircraftTypeCode>${iata}</CarrierAircraftTypeCode>`);
      const economy = /<SeatMap[^>]*>([\s\S]*?)<\/SeatMap>/.exec(seats.body)![1]!;
      expect(
        all(economy, 'ColumnID')
          .filter((c, i, a) => a.indexOf(c) === i)
          .join(''),
      ).toBe(columns);
      expect(economy).toMatch(/<RowCharacteristicCode>E</);
      expect(all(seats.body, 'RFISC').sort()).toEqual(['0B5', 'AES', 'ASU']);
      // Each definition as seatavailabilityRS_single_seat_map.xml has it: RFIC I, ServiceCode UPD/EXT/STD.
      const definitions = [...seats.body.matchAll(/<ServiceDefinition>([\s\S]*?)<\/ServiceDefinition>/g)].map(
        ([, d]) => `${first(d!, 'RFISC')} ${first(d!, 'RFIC')} ${first(d!, 'ServiceCode')}`,
      );
      expect(definitions.sort()).toEqual(['0B5 I STD', 'AES I EXT', 'ASU I UPD']);
      expect(all(seats.body, 'Name')).toEqual(
        expect.arrayContaining(['Exit Seat', 'Preferred Seat - Economy Cabin', 'Standard Seat']),
      );
      // VS's seat item ids (seatavailabilityRS_single_seat_map.xml): <uuid>_FA|7_24 Exit, 5_22 Preferred, 6_23 Standard.
      const offerId = first(seats.body, 'OfferID')!;
      expect(offerId).toMatch(/^[0-9a-f-]{36}$/);
      const items = all(seats.body, 'OfferItemID');
      expect(items.every((id) => VS_SEAT_OFFER_ITEM_ID.test(id))).toBe(true);
      expect(items.map((id) => id.slice(id.indexOf('|') + 1)).sort()).toEqual(['5_22', '6_23', '7_24']);
      expect(seats.body).not.toMatch(/-SEG\d+-/);
      expect(all(economy, 'OfferItemRefID').every((id) => items.includes(id))).toBe(true);
    },
  );

  /** The seat map of a brand's offer on VS45 LHR-JFK (787-9), schema-valid. */
  async function brandSeatMap(pc: string): Promise<string> {
    const offer = await offerOn('LHR', 'JFK', 45, pc);
    const seats = await postValid(
      vs,
      'SeatAvailability',
      offerRequest('SeatAvailability', offer.offerId),
      'IATA_SeatAvailabilityRS',
    );
    expect(seats.schemaErrors).toEqual([]);
    expect(seats.body).toContain('<SeatMap');
    return seats.body;
  }

  it('gives Economy Delight any seat free: every free seat is the Standard item at 0.00', async () => {
    const body = await brandSeatMap('PC4');
    const items = all(body, 'OfferItemID');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/_FA\|6_23$/);
    expect(all(body, 'TotalAmount')).toEqual(['0.00']);
    expect(all(body, 'RFISC')).toEqual(['0B5']);
  });

  it('sells Economy Light every seat it chooses: no free item, a standard seat the 0B5 item 8_25 at GBP 25.00', async () => {
    const body = await brandSeatMap('PC1');
    const items = all(body, 'OfferItemID').map((id) => id.slice(id.indexOf('|') + 1));
    expect(items.sort()).toEqual(['5_22', '7_24', '8_25']);
    expect(all(body, 'TotalAmount').sort()).toEqual(['25.00', '35.00', '75.00']);
    expect(all(body, 'RFISC').sort()).toEqual(['0B5', 'AES', 'ASU']);
  });

  /** A ServiceList item of this service (and segment) in VS's `<uuid>|<n>` form, then its price in GBP. */
  const priced = (serviceId: string, segment: number | null, gbp: string) =>
    new RegExp(
      `<OfferItemID>[0-9a-f-]{36}\\${VS_PROFILE.serviceItems.itemId('', { serviceId, segment })}</OfferItemID>[\\s\\S]*?<TotalAmount CurCode="GBP">${gbp}`,
    );

  it('sells Economy Light a first bag and Economy Classic a second, and special meals at no charge', async () => {
    const light = await offerOn('LHR', 'JFK', 45, 'PC1');
    const lightList = await postValid(vs, 'ServiceList', offerRequest('ServiceList', light.offerId), 'IATA_ServiceListRS');
    expect(lightList.schemaErrors).toEqual([]);
    expect(lightList.body).toMatch(priced('BAG1', null, '65.00'));
    expect(lightList.body).toMatch(priced('VGML', 1, '0.00'));
    expect(all(lightList.body, 'Name')).toEqual(expect.arrayContaining(['Vegetarian Vegan Meal', 'Kosher Meal']));
    const classic = await offerOn('LHR', 'JFK', 45, 'PC2');
    const classicList = await postValid(vs, 'ServiceList', offerRequest('ServiceList', classic.offerId), 'IATA_ServiceListRS');
    expect(classicList.schemaErrors).toEqual([]);
    expect(classicList.body).not.toMatch(priced('BAG1', null, ''));
    expect(classicList.body).toMatch(priced('BAG2', null, '90.00'));
  });
});
