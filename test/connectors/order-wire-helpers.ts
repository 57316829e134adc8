import { expect } from 'vitest';
import type { createAaConnector } from '../../src/connectors/aa/aa-connector.js';
import type { Offer, SearchQuery } from '../../src/connectors/connector-types.js';
import type { PassengerInput } from '../../src/connectors/order-types.js';
import { ndcSchemaErrors } from './ndc-schema-validator.js';
import type { Exchange } from './recorded-aa.js';

/** Shared by the order wire tests: a date `n` days out, a passenger, a booking, the schema check. */

type AaConnector = ReturnType<typeof createAaConnector>;

export const day = (n: number): string => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export const ctx = { environment: 'test' as const };

/** What each order request is answered with: 21.3 answers OrderQuote with OrderReshopRS. */
export const ORDER_ANSWER_ROOT: Record<string, string> = {
  OrderCreate: 'IATA_OrderViewRS',
  OrderRetrieve: 'IATA_OrderViewRS',
  OrderChange: 'IATA_OrderViewRS',
  OrderReshop: 'IATA_OrderReshopRS',
  OrderQuote: 'IATA_OrderReshopRS',
  SeatAvailability: 'IATA_SeatAvailabilityRS',
  ServiceList: 'IATA_ServiceListRS',
};

export const adult = (passengerId: string, givenName: string): PassengerInput => ({
  passengerId,
  type: 'adult',
  givenName,
  familyName: 'Lovelace',
  bornOn: '1985-12-10',
  gender: null,
  email: null,
  phone: null,
});

const isMainFlexible = (o: Offer) => o.fareBrandCode?.includes('MAINFL') ?? false;

/**
 * A paid booking made through the connector: search, the first offer `pick` accepts (a Main Cabin
 * Flexible one by default), price, OrderCreate paid on the agency's account.
 */
export async function bookThroughConnector(
  connector: AaConnector,
  slices: SearchQuery['slices'],
  passengers: PassengerInput[],
  { pick = isMainFlexible, maxConnections = 0 }: { pick?: (offer: Offer) => boolean; maxConnections?: number } = {},
) {
  const found = await connector.search(
    { slices, passengers: { adults: passengers.length, children: 0, infants: 0 }, cabin: null, maxConnections },
    ctx,
  );
  const offer = ((found.ok ? found.value : null) ?? []).find(pick);
  if (!offer) throw new Error(`no offer to book: ${found.ok ? 'none matched' : found.failure.message}`);
  const priced = await connector.price([offer.offerId], ctx);
  if (!priced.ok) throw new Error(priced.failure.message);
  const created = await connector.createOrder(
    {
      offerId: priced.value.offer.offerId,
      passengers,
      contact: { email: 'ada@example.com', phone: null },
      extras: [],
      payment: { type: 'agency_account' },
      expectedTotal: priced.value.offer.total,
    },
    ctx,
  );
  if (!created.ok) throw new Error(created.failure.message);
  return { order: created.value, ref: { airlineOrderId: created.value.airlineOrderId, owner: created.value.owner } };
}

/** A paid JFK-LAX round trip (out in 26 days, back in 31) for two adults, Ada (PAX1) and Bob (PAX2). */
export const bookRoundTripForTwo = (connector: AaConnector) =>
  bookThroughConnector(
    connector,
    [
      { origin: 'JFK', destination: 'LAX', departureDate: day(26) },
      { origin: 'LAX', destination: 'JFK', departureDate: day(31) },
    ],
    [adult('PAX1', 'Ada'), adult('PAX2', 'Bob')],
  );

/** Every request and its answer validate against the unmodified 21.3 schemas (named, so a failure says which). */
export async function expectSchemaValid(traffic: Exchange[]): Promise<void> {
  for (const t of traffic) {
    expect({ message: t.message, errors: await ndcSchemaErrors(t.request, `IATA_${t.message}RQ`) }).toEqual({
      message: t.message,
      errors: [],
    });
    const answer = `${t.message} answer`;
    expect({ message: answer, errors: await ndcSchemaErrors(t.response, ORDER_ANSWER_ROOT[t.message]!) }).toEqual({
      message: answer,
      errors: [],
    });
  }
}
