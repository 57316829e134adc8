import type { ConnectorResult } from './connector-failure.js';
import type {
  AncillaryService,
  CallContext,
  Offer,
  PricedOffer,
  SearchQuery,
  SeatMap,
  AncillarySubject,
} from './connector-types.js';
import type { ChangeNotification } from './change-notification.js';
import type { OfferFacts } from './offer-facts.js';
import type { OrderOperations } from './order-types.js';
import type { PassengerAgeRules, PassengerDetailRules } from './passenger-rules.js';

/**
 * What a source is: `airline`, one airline reached directly, selling its own flights (its code is
 * its IATA code); `aggregator`, many airlines behind one API (Duffel), each offer and order owned
 * by one of them (docs/connectors.md, "Sources and airlines").
 */
export type SourceKind = 'airline' | 'aggregator';

/**
 * One source: an airline reached directly, or an aggregator selling many airlines. Every method
 * answers a ConnectorResult: airline XML, HTTP errors and time-outs never leave the connector as
 * exceptions. Methods take canonical offer ids (offer-id.ts) and normalized types only, so the
 * routes never know which protocol a source speaks. Every offer and order it returns names its
 * owner airline (`airline`) and this source (`source`).
 *
 * Order servicing (create, retrieve, reshop, quote, change) joins this interface as further
 * methods in the same style: normalized input, a ConnectorResult out, a CallContext last.
 */
export interface Connector extends OrderOperations {
  /**
   * Source code: 2-8 upper-case letters or digits, an airline's IATA code for an airline reached
   * directly (`AA`), longer for an aggregator (`DUFFEL`). Canonical offer ids and gateway order ids
   * start with it, so routing never guesses.
   */
  readonly code: string;
  readonly name: string;
  readonly kind: SourceKind;
  /**
   * The owner airlines (IATA codes) this source can sell, when known in advance: a search whose
   * `airlines` filter names none of them does not ask it. Absent: any airline (an aggregator
   * whose airlines are not known in advance). An `airline` source names its own code.
   */
  readonly airlines?: readonly string[];

  /**
   * Whether the airline can be reached from `environment` on this gateway (a test system, or the
   * live endpoint and key). No airline call: a search leaves out the airlines that cannot.
   */
  configuredFor(environment: 'test' | 'live'): boolean;

  /**
   * Whether a card payment to this airline can carry the seller's 3-D Secure result
   * (PaymentInput.authentication). Absent or false: the gateway refuses such a payment (422) rather
   * than let a seller believe an unauthenticated payment was authenticated.
   */
  readonly carriesPaymentAuthentication?: boolean;

  /**
   * Whether a search can ask this source for a currency (SearchQuery.currency): an NDC airline
   * reads it from AirShoppingRQ's ResponseParameters. Absent or false: its protocol has no such
   * request (Duffel's offer requests do not), so its offers come in whatever currency it prices.
   */
  readonly takesRequestedCurrency?: boolean;

  /**
   * The payment types this source takes (`payment.type`: `hold`, `agency_account`, `card`,
   * `airline_credit`). Absent: all of them. Another is refused (422 `payment_type_unsupported`,
   * naming `payment.type`) before any call to the source.
   */
  readonly paymentTypes?: readonly ('hold' | 'agency_account' | 'card' | 'airline_credit')[];

  /**
   * The airline's age rules for adult, child and lap-infant fares (passenger-rules.ts); booking
   * checks every passenger's type against their birth date with them. Absent: IATA's bands.
   */
  readonly passengerRules?: PassengerAgeRules;

  /**
   * The passenger details the source needs beyond a name and a birth date (passenger-rules.ts);
   * booking refuses a passenger without them before any call. Absent: none beyond the contract's.
   */
  readonly passengerDetails?: PassengerDetailRules;

  /**
   * What this connector's own offer id says about the offer, with no airline call: lets order
   * creation refuse what the airline would not confirm before it spends a call. Null when the id
   * was not made by this connector.
   */
  offerFacts(offerId: string): OfferFacts | null;

  /** Offers for the query; `null` when the airline does not fly the route at all. */
  search(query: SearchQuery, ctx: CallContext): Promise<ConnectorResult<Offer[] | null>>;

  /** Re-prices one or more offers of this airline as one priced offer with confirmed terms. */
  price(offerIds: string[], ctx: CallContext): Promise<ConnectorResult<PricedOffer>>;

  /** Seat maps, one per segment the airline publishes a map for. */
  seatMaps(subject: AncillarySubject, ctx: CallContext): Promise<ConnectorResult<SeatMap[]>>;

  /** Ancillary services sold with an offer, or that can be added to a booked order. */
  services(subject: AncillarySubject, ctx: CallContext): Promise<ConnectorResult<AncillaryService[]>>;

  /**
   * The cheapest honest call that proves the airline answers, for the monitoring probe. It uses
   * the live endpoint when one is configured, the test system otherwise.
   */
  probe(ctx: Omit<CallContext, 'environment'>): Promise<ConnectorResult<{ environment: 'test' | 'live' }>>;

  /**
   * Reads a change notification the airline pushed to us (no airline call). Absent when the
   * airline sends none; the caller has authenticated the airline and bounded the body.
   */
  readChangeNotification?(body: string): ConnectorResult<ChangeNotification>;
}
