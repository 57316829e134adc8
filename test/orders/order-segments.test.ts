import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

interface SegmentJson {
  segment_id: string;
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  marketing_carrier: string;
  flight_number: string;
  operating_carrier: string;
  operating_carrier_name: string | null;
  operating_flight_number: string | null;
  aircraft: string | null;
  cabin: string | null;
  cabin_marketing_name: string | null;
  booking_class: string | null;
  duration_minutes: number | null;
  status?: string;
}
type OfferJson = {
  offer_id: string;
  fare_brand: string | null;
  baggage: { checked_bags: number | null; carry_on_bags: number | null; description: string | null };
  slices: { segments: SegmentJson[] }[];
};

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=AA`;
const segmentsOf = (offer: OfferJson) => offer.slices.flatMap((s) => s.segments);

describe('one segment model: offer, order and reshop answer alike', () => {
  it('shows the same marketing_carrier and digits-only flight_number for the same flight', async () => {
    const searched = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(24), adults: 1 });
    expect(searched.statusCode, searched.body).toBe(200);
    const offers = searched.json().offers as (OfferJson & { fare_brand_code: string | null })[];
    const offer = offers.find((o) => /MAINFL/.test(o.fare_brand_code ?? '') && segmentsOf(o).length === 1)!;
    const [offered] = segmentsOf(offer);
    expect(offered!.flight_number).toMatch(/^\d{1,4}$/);

    const created = await f.hold(offer.offer_id);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as { order_id: string; segments: SegmentJson[] };
    // The order's segment is the offer's, field for field, plus its status, what the airline changed
    // (nothing yet) and the fare sold on it (brand, the baggage allowance per passenger).
    expect(order.segments).toEqual([
      {
        ...offered,
        status: 'confirmed',
        schedule_change: null,
        fare_brand: offer.fare_brand,
        fare_brand_code: offer.fare_brand_code,
        baggage: [{ passenger_id: 'PAX1', ...offer.baggage }],
      },
    ]);

    // The same-day alternatives are the day's other flights: each one the search also offered
    // reads the same in both answers (cabin, its name and booking class belong to a fare, not the flight).
    const reshop = await f.call('POST', path(order.order_id, '/reshop'), {});
    expect(reshop.statusCode, reshop.body).toBe(200);
    const reshopSegments = (reshop.json().offers as OfferJson[]).flatMap(segmentsOf);
    const searchedSegments = new Map(offers.flatMap(segmentsOf).map((s) => [s.segment_id, s]));
    const alsoSearched = reshopSegments.filter((s) => searchedSegments.has(s.segment_id));
    expect(alsoSearched.length).toBeGreaterThan(0);
    for (const s of alsoSearched) {
      const {
        cabin: _cabin,
        cabin_marketing_name: _name,
        booking_class: _class,
        ...flight
      } = searchedSegments.get(s.segment_id)!;
      expect(s).toMatchObject(flight);
      expect(s.flight_number).toMatch(/^\d{1,4}$/);
      expect(s.segment_id.startsWith(`${s.marketing_carrier}${s.flight_number}-`)).toBe(true);
    }
  });

  it('reads an order stored with the old carrier-prefixed flight number in the new shape, and a refresh announces nothing', async () => {
    const offer = (await f.offer('JFK', 'MIA', /MAINFL/, 26)) as unknown as OfferJson;
    const order = (await f.hold(offer.offer_id)).json() as { order_id: string; segments: SegmentJson[] };
    const [segment] = order.segments;
    // What a gateway before the one segment model wrote into orders.details.
    const legacy = [
      {
        segmentId: segment!.segment_id,
        origin: segment!.origin,
        destination: segment!.destination,
        departingAt: segment!.departing_at,
        arrivingAt: segment!.arriving_at,
        marketingCarrier: segment!.marketing_carrier,
        flightNumber: `${segment!.marketing_carrier}${segment!.flight_number}`,
        operatingCarrier: segment!.operating_carrier,
        cabin: segment!.cabin,
        bookingClass: segment!.booking_class,
        status: 'confirmed',
      },
    ];
    await sql`update orders set details = jsonb_set(details, '{airline,segments}', ${JSON.stringify(legacy)}::jsonb)
              where id = ${order.order_id}`.execute(f.platform.db);

    const read = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().segments).toEqual([
      {
        ...segment,
        operating_carrier_name: null,
        operating_flight_number: null,
        aircraft: null,
        duration_minutes: null,
        cabin_marketing_name: null,
      },
    ]);

    const refreshed = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}?refresh=true`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().segments).toEqual(order.segments);
    const events = (await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event);
    expect(events).toEqual(['order.created']);
  });
});
