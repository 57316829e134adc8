/**
 * The airline-agnostic shapes every connector answers in. Money is integer minor units inside
 * (`amountMinor`) and becomes a decimal only at the HTTP edge; times are ISO 8601 local date-times
 * of the airport as the airline publishes them.
 */

export type Cabin = 'economy' | 'premium_economy' | 'business' | 'first';

export interface SliceQuery {
  origin: string;
  destination: string;
  /** YYYY-MM-DD, local to the origin. */
  departureDate: string;
}

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

export interface SearchQuery {
  /** One slice one-way, two for a round trip, more for multi-city. */
  slices: SliceQuery[];
  passengers: PassengerCounts;
  cabin: Cabin | null;
  /** Most connections per slice; null leaves it to the airline. */
  maxConnections: number | null;
  /**
   * ISO 4217 currency the seller asks prices in (upper case); absent: the airline's own. A source
   * sends it where its protocol can; the search warns where the answer is in another (docs/shopping.md).
   */
  currency?: string;
}

export interface Money {
  amountMinor: number;
  currency: string;
}

/** One flight segment, the same for offers, orders (which add a status) and reshop offers. */
export interface Segment {
  /** The airline's id of this segment inside the offer; seat maps are selected by it. */
  segmentId: string;
  origin: string;
  destination: string;
  departingAt: string;
  arrivingAt: string;
  marketingCarrier: string;
  /** Digits only (`2687`), never prefixed by the carrier: the flight is marketingCarrier + this. */
  marketingFlightNumber: string;
  operatingCarrier: string;
  operatingCarrierName: string | null;
  operatingFlightNumber: string | null;
  aircraft: string | null;
  cabin: Cabin | null;
  /**
   * The airline's name for that cabin on this aircraft (AA's "Flagship Business" on a 777-300ER,
   * Duffel's `cabin_class_marketing_name`); null when it gives none. Absent on segments stored before it.
   */
  cabinMarketingName?: string | null;
  bookingClass: string | null;
  durationMinutes: number | null;
}

export interface OfferSlice {
  origin: string;
  destination: string;
  durationMinutes: number | null;
  segments: Segment[];
}

export interface Baggage {
  checkedBags: number | null;
  carryOnBags: number | null;
  description: string | null;
}

export interface FareCondition {
  allowed: boolean;
  /** Fee per passenger before departure; 0 when free, null when the airline does not publish one. */
  fee: Money | null;
}

/** Changing the flights before departure. */
export interface ChangeCondition extends FareCondition {
  /** The airline says the fare difference is paid on a change (true) or not (false); null: not said. */
  fareDifferenceApplies: boolean | null;
}

/**
 * What a voluntary cancellation gives back, most to least: the money to the card or account paid
 * with, an airline credit of the ticket's value, the taxes only (the fare is kept), nothing.
 */
export type RefundMethod = 'original_form_of_payment' | 'credit' | 'taxes_only' | 'none';

/** Cancelling before departure; `allowed` is a refund of the fare to the form of payment. */
export interface RefundCondition extends FareCondition {
  method: RefundMethod;
}

export interface FareConditions {
  changes: ChangeCondition | null;
  refunds: RefundCondition | null;
}

/** The conditions of one slice's fare (a round trip of two brands has two). */
export interface SliceConditions extends FareConditions {
  origin: string;
  destination: string;
}

/** The conditions of one passenger type's fares over the whole trip. */
export interface PassengerTypeConditions extends FareConditions {
  passengerType: PassengerPrice['passengerType'];
}

/** One tax, fee or carrier charge of a price, as the airline itemises it. */
export interface TaxLine {
  /** The IATA tax code (`US`, `AY`, `XF`, `GB`) or the carrier's own (`YR`, `YQ`). */
  code: string;
  name: string | null;
  amount: Money;
  /** ISO 3166 country levying it; null for a carrier charge or when not given. */
  country: string | null;
  /** The amount in the currency the tax is levied in, when that differs (UK APD in GBP). */
  filed: Money | null;
}

export interface PassengerPrice {
  passengerType: 'adult' | 'child' | 'infant';
  count: number;
  base: Money;
  taxes: Money;
  total: Money;
  /** The taxes itemised, for all passengers of the type; empty when the airline does not itemise them. */
  taxLines: TaxLine[];
}

export interface Offer {
  /** Canonical id: source code first, then the connector's own reference (see offer-id.ts). */
  offerId: string;
  /** The owner airline (IATA code): whose flights and fare these are (`ZZ`, Duffel Airways, in Duffel's test mode). */
  airline: string;
  /** The source that sells it (`AA`, `VS`, `DUFFEL`): the connector its id routes to. Equal to `airline` for an airline reached directly. */
  source: string;
  total: Money;
  base: Money | null;
  taxes: Money | null;
  passengerPrices: PassengerPrice[];
  /** ISO 8601 instant after which the airline no longer honours the offer. */
  expiresAt: string | null;
  paymentDeadline: string | null;
  /** The airline keeps the offer booked unpaid (a hold) until paymentDeadline; false: pay when booking. */
  holdable: boolean;
  fareBrand: string | null;
  fareBrandCode: string | null;
  cabin: Cabin | null;
  slices: OfferSlice[];
  baggage: Baggage;
  /** The strictest of the trip's conditions over every passenger type (the highest slice's fee, once per passenger for the whole trip). */
  changes: ChangeCondition | null;
  refunds: RefundCondition | null;
  /** Per slice, in slice order: the conditions of the fare that slice is sold in (the strictest passenger type). */
  conditionsBySlice: SliceConditions[];
  /** Per passenger type, in the order of passengerPrices: that type's conditions over the whole trip. */
  conditionsByPassengerType: PassengerTypeConditions[];
}

/** A re-priced offer: the airline's confirmed price and terms, and what it warned about (a price change). */
export interface PricedOffer {
  offer: Offer;
  warnings: string[];
}

export interface Seat {
  segmentId: string;
  designator: string;
  row: number;
  column: string;
  available: boolean;
  characteristics: string[];
  price: Money | null;
}

export interface SeatMap {
  segmentId: string;
  cabin: Cabin | null;
  columns: string[];
  seats: Seat[];
}

export interface AncillaryService {
  serviceId: string;
  code: string | null;
  name: string;
  description: string | null;
  category: string | null;
  price: Money | null;
  segmentIds: string[];
  passengerIds: string[];
}

/** Who asks: the key's environment picks the airline endpoint, the signal cancels the call. */
export interface CallContext {
  environment: 'test' | 'live';
  signal?: AbortSignal;
  /**
   * For a search: offers that are final before the airline's whole answer has been read, handed
   * out at once (a streamed search sends them). The search's result holds them again, first and in
   * the same order; a connector may never call this.
   */
  onOffers?: (offers: Offer[]) => void;
}

/** What seat maps and services are asked for: a shopped offer, or (for the orders module) a booked order. */
export type AncillarySubject = { kind: 'offer'; offerId: string } | { kind: 'order'; airlineOrderId: string; owner: string };
