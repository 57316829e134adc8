import type { LightMyRequestResponse } from 'fastify';
import { daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';
import type { ShoppingFixtureOptions } from '../shopping/shopping-fixture.js';

export interface OrderFixture extends ShoppingFixture {
  call(method: string, url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A shopped offer of the given fare brand code (e.g. AADOM-MAINFL) on a route. */
  offer(origin: string, destination: string, brand?: RegExp, days?: number): Promise<{ offer_id: string; total_amount: number }>;
  hold(offerId: string, extra?: Record<string, unknown>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /**
   * A ticketed JFK-LAX round trip on a flexible (refundable) fare, one flight each way, back six days
   * later; with `headers`, booked with another key. Throws unless it was created (201) and ticketed.
   */
  ticketedRoundTrip(days: number, headers?: Record<string, string>): Promise<TicketedOrder>;
}

/** What the tests read of a ticketed order (the whole body is there too). */
export interface TicketedOrder {
  order_id: string;
  airline_order_id: string;
  segments: { segment_id: string }[];
  passengers: { passenger_id: string }[];
  /** The offer id it was booked from. */
  shopped: string;
  [field: string]: unknown;
}

export type Airline = 'AA' | 'VS';

/** An order's path in the API, with the `airline` every order operation takes. */
export const orderPath = (id: string, tail = '', airline: Airline = 'AA') =>
  `/v1/orders/${encodeURIComponent(id)}${tail}?airline=${airline}`;

/** The base URL of the airline's test system in `f` (VS only with `withVs`). */
export const airlineUrl = (f: OrderFixture, airline: Airline) => (airline === 'VS' ? f.vs!.url : f.aa.url);

/** What the airline's test system holds for a booking, read through its control API; `T` is what the test reads. */
export async function airlineBooking<T>(f: OrderFixture, id: string, airline: Airline = 'AA'): Promise<T> {
  return (await (await fetch(`${airlineUrl(f, airline)}/control/orders/${id}`)).json()) as T;
}

/** What the tests read of an order's segment. */
export interface OrderSegment {
  segment_id: string;
  origin: string;
  destination: string;
  departing_at: string;
  status: string;
}

export const PASSENGER = { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' };

/** Books `offerId` for PASSENGER, paid on the agency account; throws unless it was created (201) and ticketed. */
export async function bookTicketed<T>(f: OrderFixture, offerId: string): Promise<T> {
  const created = await f.call('POST', '/v1/orders', {
    offer_id: offerId,
    passengers: [PASSENGER],
    payment: { type: 'agency_account' },
  });
  if (created.statusCode !== 201 || created.json().status !== 'ticketed') {
    throw new Error(`not booked and ticketed: ${created.statusCode} ${created.body}`);
  }
  return created.json() as T;
}

export async function orderFixture(options: ShoppingFixtureOptions = {}): Promise<OrderFixture> {
  const f = await shoppingFixture(options);
  const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    f.app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-api-key': f.key, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    ...f,
    call,
    async offer(origin, destination, brand = /MAINFL/, days = 20) {
      const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
      if (res.statusCode !== 200) throw new Error(`search ${res.statusCode}: ${res.body}`);
      const offers = (res.json().offers ?? []) as {
        offer_id: string;
        total_amount: number;
        fare_brand_code?: string | null;
        slices: { segments: unknown[] }[];
      }[];
      const pick =
        offers.find((o) => brand.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1)) ??
        offers.find((o) => brand.test(o.fare_brand_code ?? ''));
      if (!pick) throw new Error(`no ${brand} offer ${origin}-${destination}: ${offers.map((o) => o.fare_brand_code).join(',')}`);
      return pick;
    },
    hold(offerId, extra = {}, headers = {}) {
      return call(
        'POST',
        '/v1/orders',
        { offer_id: offerId, passengers: [PASSENGER], payment: { type: 'hold' }, ...extra },
        headers,
      );
    },
    async ticketedRoundTrip(days, headers = {}) {
      const res = await f.search({
        origin: 'JFK',
        destination: 'LAX',
        departure_date: daysAhead(days),
        return_date: daysAhead(days + 6),
        adults: 1,
      });
      const offers = (res.json().offers ?? []) as {
        offer_id: string;
        fare_brand_code: string;
        slices: { segments: unknown[] }[];
      }[];
      const offer = offers.find((o) => /MAINFL/.test(o.fare_brand_code) && o.slices.every((s) => s.segments.length === 1));
      if (!offer) throw new Error(`no one-stop-free MAINFL round trip JFK-LAX in ${days} days (search ${res.statusCode})`);
      const created = await call(
        'POST',
        '/v1/orders',
        { offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'agency_account' } },
        headers,
      );
      if (created.statusCode !== 201 || created.json().status !== 'ticketed')
        throw new Error(`round trip not ticketed: ${created.statusCode} ${created.body}`);
      return { ...created.json(), shopped: offer.offer_id } as TicketedOrder;
    },
  };
}

/** What the brand pickers read of a shopped offer. */
export interface BrandedOffer {
  offer_id: string;
  airline: string;
  fare_brand?: string | null;
  fare_brand_code?: string | null;
  slices: { segments: { operating_carrier: string }[] }[];
}

/**
 * The first of `offers` that is `airline`'s own non-stop (each slice one flight it operates) in a
 * brand `brand` matches: AA's brand code (`AADOM-MAIN`), VS's brand name (`Economy Classic`).
 */
export function ownNonStopOfBrand<T extends BrandedOffer>(offers: readonly T[], airline: string, brand: RegExp): T | undefined {
  return offers.find(
    (o) =>
      o.airline === airline &&
      brand.test((airline === 'VS' ? o.fare_brand : o.fare_brand_code) ?? '') &&
      o.slices.every((s) => s.segments.length === 1 && s.segments[0]!.operating_carrier === airline),
  );
}
