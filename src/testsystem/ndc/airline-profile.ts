// Everything the NDC 21.3 core asks of an airline: who it is, its network, its fares and rules, and
// its dialect of codes and texts. The core (messages, orders, storage, control, notifications) reads
// an airline only through this; each airline's folder (src/testsystem/aa/, src/testsystem/vs/)
// builds one profile object and starts the core with it (server.ts: startNdcTestSystem).

import type { FastifyReply } from 'fastify';
import type { AirlineNetwork } from './network/airline-network.js';
import type { CabinCode } from './network/aircraft.js';
import type { DatedFlight } from './network/schedule-service.js';
import type { Itinerary } from './network/connection-builder.js';
import type { PriceClassDef } from './fares/price-class.js';
import type { TaxInput, TaxLine } from './fares/tax-line.js';
import type { CatalogService } from './fares/catalog-service.js';
import type { ServiceItemIds } from './fares/service-item-ids.js';
import type { SeatItemIds } from './fares/seat-item-ids.js';
import type { SeatMapParty } from './fares/seat-map-party.js';
import type { NdcErrorSpec } from './wire/ndc-errors.js';
import type { XmlNode } from './wire/xml-builder.js';
import type { ChildOrder } from './wire/request-leniency.js';

export type { AirlineNetwork } from './network/airline-network.js';

/** What the fare model gets to price an itinerary's adult base fare. */
export interface BaseFareInput {
  itinerary: Itinerary;
  priceClass: PriceClassDef;
  /** Great-circle distance from the first origin to the last destination, km. */
  distanceKm: number;
  /** Whole days from now to departure. */
  daysOut: number;
  /** How far up the booking-class ladder load has pushed the dearest flight: 0 (cheapest open) to 1. */
  loadStep: number;
  international: boolean;
  /** The filing currency: the answer is in its minor units. */
  currency: string;
}

export interface AirlineFares {
  /** Brands in display order. */
  priceClasses: readonly PriceClassDef[];
  /** NDC CabinTypeCode of a search (1 First, 2/3 Business, 4 Premium Economy, 5 Economy) to brand ids. */
  classesForCabinCode: Readonly<Record<string, readonly string[]>>;
  /** The brand a seat or service request by value (no offer) is answered for, per cabin flown. */
  classForCabin: Readonly<Record<CabinCode, string>>;
  /** The PriceClassID of a brand on these flights and the price class code the airline sends (null: none). */
  priceClassKey(def: PriceClassDef, flights: readonly DatedFlight[]): { id: string; code: string | null };
  /** The change fee per seated passenger in minor units of `currency`; null: changes not permitted. */
  changeFee(def: PriceClassDef, currency: string): number | null;
  /**
   * The fee per seated passenger a cancellation keeps of a brand that refunds the fare, in minor
   * units of `currency` (0: refunded in full); null: the fare is not refunded. Absent: 0 for
   * refundable brands, null for the others.
   */
  cancelFee?(def: PriceClassDef, currency: string): number | null;
  /**
   * The change and cancel restrictions of one fare component from `origin` to `destination`, when
   * the airline sends them per fare component (VS) rather than once on the offer item (absent: AA).
   */
  componentRestrictions?(def: PriceClassDef, currency: string, origin: string, destination: string): XmlNode[];
  fareBasis(rbd: string, daysOut: number, month: number, def: PriceClassDef): string;
  /** The adult base fare of one one-way trip, in minor units of input.currency; null: not sold. */
  adultBase(input: BaseFareInput): number | null;
  /** A child's or lap infant's base fare from the adult's. */
  paxBase(ptc: 'CHD' | 'INF', adultBase: number, international: boolean): number;
  /** Tax lines per passenger of one one-way trip, in minor units of input.currency. */
  taxes(input: TaxInput): TaxLine[];
  /** What a round trip's base fares are multiplied by against two one-ways (1: their sum). */
  roundTripFactor(international: boolean): number;
  /** The currency fares departing this country are filed in (the point of sale's currency). */
  filingCurrency(originCountry: string | undefined): string;
  /**
   * The currencies the airline prices a search in when the request asks for one (21.3's
   * ResponseParameters/CurParameter); any other is answered in the filing currency with a Warning.
   */
  requestedCurrencies: readonly string[];
}

/** A seat product's service definition on the wire: RFIC `A` and ServiceCode `SEAT` unless the airline says otherwise (VS: `I`, UPD/EXT/STD). */
export interface SeatProduct {
  name: string;
  rfisc: string;
  rfic?: string;
  serviceCode?: string;
}

export interface AirlineSeatRules {
  /** The seat products sold, by tier id (a seat's OfferItem id ends with it). */
  products: Readonly<Record<string, SeatProduct>>;
  /** The product a seat is sold as to this party, or null when it comes free with the fare. */
  tierOf(seat: SeatPlace, party: SeatMapParty): string | null;
  /** A product's price before tax, in minor units of `currency`. */
  price(tier: string, flight: DatedFlight, currency: string): number;
  /**
   * The seat that comes with the fare as a product of its own, sold at 0 through an item every free
   * seat points to (VS's Standard Seat); absent: a free seat points to no item (AA).
   */
  free?: SeatProduct;
}

export interface SeatPlace {
  cabin: CabinCode;
  row: number;
  /** W window, A aisle, 9 centre. */
  kind: string;
  /** In the front third of the cabin's rows. */
  front: boolean;
  extraLegroom: boolean;
  exit: boolean;
}

export interface AirlineSalesPolicy {
  /** Days ahead the schedule is on sale (AirShopping beyond: error 304). */
  sellingWindowDays: number;
  /** The ticket-by time of an unpaid hold of a trip starting with `first`, or null: pay at once. */
  holdDeadline(now: number, first: DatedFlight): number | null;
  /** Whether a cancellation now refunds everything whatever the brand (AA's 24-hour rule). */
  insideFullRefundWindow(ticketedAt: number, departureUtc: number, now: number): boolean;
  /** What cancelling a paid value gives back outside that window, by the brand's rule. */
  cancelTerms(input: CancelInput): CancellationTerms;
  /**
   * A paid seat or service (its EMD) given up unused by a cancellation outside that window: refunded
   * to the form of payment (AA), or kept (VS). A cancelled flight refunds it either way.
   */
  unusedServices: 'refund' | 'keep';
  /**
   * What a change to a cheaper flight does with the difference for a ticket of this brand: a trip
   * credit or a refund to the form of payment, stated in the reshop offer (absent: a residual, unstated).
   */
  lowerFareDifference?(def: PriceClassDef): 'credit' | 'refund';
  /** Whether a lap infant gets a ticket of their own on this journey (absent: always; AA: not at home). */
  ticketsLapInfant?(journey: { international: boolean }): boolean;
  /**
   * After a cancelled flight or a significant change: the days either side of the original
   * departure within which the traveller may rebook on the same route free (no fare difference, no
   * change fee, any brand): the airline's schedule-change waiver (docs/aa-test-system.md, docs/vs-test-system.md).
   */
  disruptionRebookingDays: number;
}

export interface CancelInput {
  priceClass: PriceClassDef;
  /** The paid value cancelled, and the base fare in it with the taxes kept with the fare (TaxLine.keptWithFare), in minor units of `currency`. */
  valueCents: number;
  baseCents: number;
  /** Passengers with a seat among those cancelled (a per-passenger penalty counts them). */
  seatedPax: number;
  currency: string;
}

export interface CancellationTerms {
  /** Cash back to the form of payment. */
  refundCents: number;
  /** Value the airline keeps for a future trip (21.3's "Residual"). */
  creditCents: number;
  /** What is forfeited. */
  penaltyCents: number;
}

/** The airline's words for its NDC errors (Code, DescText, TypeCode, TagText, StatusText). */
export interface AirlineErrors {
  expiredOffer(offerId: string): NdcErrorSpec;
  noFlights(origin: string, destination: string, date: string): NdcErrorSpec;
  malformed(detail: string): NdcErrorSpec;
  schemaInvalid(detail: string): NdcErrorSpec;
  holdNotAllowed: NdcErrorSpec;
  badRequest(detail: string, tag?: string): NdcErrorSpec;
  /** OrderRetrieve (and the rest) of an order id or booking reference the airline does not hold. */
  orderNotFound(id: string): NdcErrorSpec;
  unavailable: NdcErrorSpec;
  /** A sold-out flight at booking or exchange. */
  segmentUnavailable: NdcErrorSpec;
  changesNotPermitted(brandName: string): NdcErrorSpec;
  /** OrderCreate of an offer whose flight does not operate: the error lines it answers. */
  bookingRefusal(segmentRef: string, flightLabel: string): NdcErrorSpec[];
}

/** A brand's hand baggage as a BaggageAllowance of TypeCode CarryOn. */
export interface CarryOnAllowance {
  text: string;
  pieces: number;
  kg?: number;
}

/** Texts the airline writes into answers and into its bookings' notices. */
export interface AirlineTexts {
  /** AirShopping's Warning when a passenger type is priced as the nearest fared one. */
  notFaredWarning: string;
  /** AirShopping's Warning when the requested currency is not one the airline prices in: the answer is in `filed`. */
  currencyNotOffered(requested: string, filed: string): string;
  /** A checked-bag allowance of `count` pieces, each up to `kg` where the brand says (PriceClassDef.checkedBagKg). */
  checkedBags(count: number, kg?: number): string;
  /** The hand baggage a brand takes on board: its text, pieces (a personal item is not one) and the most each may weigh where the airline says. */
  carryOn(def: PriceClassDef): CarryOnAllowance;
  changePenalty(def: PriceClassDef): string;
  cancelPenalty(def: PriceClassDef): string;
  cancelRestriction(def: PriceClassDef): string;
  changeRestriction(def: PriceClassDef): string;
  holdLapsed: string;
  airlineCancelled(flight: string, date: string): string;
  refundedAtAirline: string;
  scheduleShift(flight: string, minutes: number): string;
  scheduleCancelled(flight: string, date: string): string;
  /** A cancelled flight whose passengers the airline moved to another flight (re-accommodation). */
  scheduleRebooked(flight: string, date: string, newFlight: string, depLocal: string): string;
  scheduleRenumbered(flight: string, date: string, newFlight: string): string;
  scheduleRetimed(flight: string, date: string, depLocal: string, arrLocal: string): string;
  /** A reshop offer's words for a cheaper flight's difference (`amount` as "USD 45.00"), where sales.lowerFareDifference says. */
  lowerFareDifference?(amount: string, method: 'credit' | 'refund'): string;
}

/** How the airline's API gateway checks a caller's key before any NDC code runs. */
export interface AirlineKeyCheck {
  /** The request header carrying the key (lower case). */
  header: string;
  /** Answers a missing or wrong key (AA: Azure API Management's JSON 401). */
  refuse(reply: FastifyReply, kind: 'missing' | 'invalid', responseRoot: string): FastifyReply;
}

export type RouteFault = 'slow' | 'timeout' | 'http5xx' | 'malformed';

/** Route-keyed scenarios ("ORIGIN-DESTINATION"), on city pairs ordinary searches do not use. */
export interface AirlineScenarios {
  routeFaults: Readonly<Record<string, RouteFault>>;
  /** Offers born expired. */
  expiredOfferRoute: string;
  /** OfferPrice comes back dearer by priceChangePct. */
  priceChangeRoute: string;
  priceChangePct: number;
  /** Every non-stop sold out. */
  soldOutRoute: string;
  /** The first non-stop of each day is published but does not operate. */
  ghostFlightRoute: string;
}

/**
 * Where the airline's answers take a shape of their own rather than the core's (AA's). Each is one
 * 21.3 way of saying the same thing; docs/vs-test-system.md names the sample behind VS's.
 */
export interface AirlineWire {
  /** An offer item's Price: of all its passengers together (AA), or of one of them (VS's AirShopping/OfferPrice). */
  offerItemPrice: 'allPax' | 'perPax';
  /**
   * A cancellation's money: the penalty as ChangeFees beside the quote and the refund as its
   * TotalPrice (AA); or the penalty as a PenaltyList entry (`id`, `text`) that the refund
   * differential's fare detail names, the refund its DueByAirlineAmount, in the quote and in the
   * order view after (VS's OC_*Cancel* samples).
   */
  cancelPenalty: { shape: 'changeFees' } | { shape: 'penaltyList'; id: string; text: string };
  /** 3-D Secure 2 data in a card payment: not looked at (AA), or checked and kept with the booking (VS). */
  securePayment: 'ignored' | 'checked';
  /**
   * Request elements whose children the airline's API takes in any order (each with its children in
   * the schema's order), stray characters between elements dropped, before the schema check
   * (wire/request-leniency.ts); absent: the schema as it is (AA).
   */
  requestChildOrder?: ChildOrder;
  /**
   * Where a shopping answer names each flight's booking class: its fare component's `RBD` (AA), or
   * a PaxSegment per flight and class with `MarketingCarrierRBD_Code` and the cabin (VS's answers).
   */
  bookingClassOn: 'fareComponent' | 'paxSegment';
}

export interface AirlineProfile {
  /** IATA designator: marketing carrier, flight keys (`AA2687/2026-12-15`). */
  code: string;
  name: string;
  /** OwnerCode of offers and orders, OwnerName of errors. */
  ownerCode: string;
  /**
   * The IANA zone an offer's time limits (expiry, payment time limit) are written in, as local
   * times with no offset (`2026-12-01T10:00:00`, as some airlines send them); absent: UTC with `Z`.
   */
  timeLimitClock?: string;
  /** The airline's three-digit ticketing code, first part of a 13-digit ticket number. */
  ticketPrefix: string;
  /** New ids: offers (AA `AA…`), orders of a new PNR (AA `AA-ORD-…`), reshop and cancel quotes (AA `AAQ…`). */
  ids: { offer(): string; order(pnr: string, now: number): string; quote(): string };
  /** ServiceList's a-la-carte offer and item ids, which name the service and segment sold (fares/service-item-ids.ts). */
  serviceItems: ServiceItemIds;
  /** SeatAvailability's a-la-carte offer and seat item ids, which name the segment and product sold (fares/seat-item-ids.ts). */
  seatItems: SeatItemIds;
  wire: AirlineWire;
  /** Its own PostgreSQL schema (`aa_test_system`) and migration lock. */
  storage: { schema: string; migrationLockId: number };
  network: AirlineNetwork;
  fares: AirlineFares;
  services: readonly CatalogService[];
  seats: AirlineSeatRules;
  sales: AirlineSalesPolicy;
  errors: AirlineErrors;
  texts: AirlineTexts;
  keyCheck: AirlineKeyCheck;
  scenarios: AirlineScenarios;
  /** Signs OrderChangeNotifRQ: the header and the development secret used when none is configured. */
  notify: { signatureHeader: string; devSecret: string };
}
