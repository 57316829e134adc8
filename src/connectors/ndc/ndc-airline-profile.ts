import type { ChangeNotification } from '../change-notification.js';
import type { Cabin } from '../connector-types.js';
import type { PassengerAgeRules } from '../passenger-rules.js';
import { cabinOf } from './ndc-cabins.js';
import { node, text, type Parsed } from './ndc-xml.js';

/** The NDC messages the core sends, each with its time budget, and the monitoring probe. */
export type NdcBudgetsMs = Readonly<
  Record<
    | 'AirShopping'
    | 'OfferPrice'
    | 'SeatAvailability'
    | 'ServiceList'
    | 'OrderCreate'
    | 'OrderChange'
    | 'OrderRetrieve'
    | 'OrderQuote'
    | 'OrderReshop'
    | 'probe',
    number
  >
>;

/** A fare brand as the gateway shows it: `fareBrand`, `fareBrandCode`, and the cabin it sells. */
export interface NdcBrand {
  name: string | null;
  code: string | null;
  cabin: Cabin | null;
}

/**
 * The airline's own words for what the core must tell apart in its errors. Each is matched
 * against the airline's error text (with its code in brackets, see ndc-transport.ts).
 */
export interface NdcErrorTexts {
  /** An AirShopping refusal that means "we do not fly this", answered as no offers rather than a failure. */
  noFlights: RegExp;
  /** The offer (or order item) named is gone: expired or unknown. */
  gone: RegExp;
  /** Nothing is published for what was asked (no seat map for the flight). */
  nothingPublished: RegExp;
  /** A line that only repeats the consequence of the refusal before it (dropped, not a second cause). */
  cascade: RegExp;
  /** The answer to an OrderRetrieve for a booking the airline does not hold. */
  orderNotFound: RegExp;
}

/**
 * What an airline that speaks NDC 21.3 supplies to the core (createNdcConnector): who it is, where
 * its dialect differs from the standard's letter, and its operating limits. Everything else (the
 * messages, their reading, offer and order ids, the servicing engine) is the core's and the same
 * for every airline. docs/connectors.md walks through adding one.
 */
export interface NdcAirlineProfile {
  /** IATA airline code: the prefix of its offer ids, the OwnerCode when an answer omits one. */
  readonly code: string;
  readonly name: string;
  /** The IANA zone of the clock its time limits are written in when they carry no offset (airline-instant.ts). */
  readonly clockZone: string;
  /** The settings that configure its live connection, named when they are missing. */
  readonly liveSettings: string;
  /** The HTTP header its API gateway reads the subscription key from (lower case). */
  readonly subscriptionKeyHeader: string;
  readonly budgetsMs: NdcBudgetsMs;
  /** A route the airline always flies non-stop: what the monitoring probe searches. */
  readonly probeRoute: { origin: string; destination: string };
  readonly errorTexts: NdcErrorTexts;
  /** The brand of a PriceClass of its answers: how its price-class names and codes map to our brand and cabin. */
  brandOf(priceClass: Parsed): NdcBrand;
  /**
   * How its card payments carry a 3-D Secure 2 result: PaymentCard/SecurePaymentVersion2 (VS's
   * orderchangeRQ_paid_seats_3DS2.xml), or null when they cannot carry one (AA as connected here).
   */
  readonly securePayment: 'SecurePaymentVersion2' | null;
  /** Its published age rules for adult, child and lap-infant fares, which booking checks passengers against. */
  readonly passengerRules: PassengerAgeRules;
  /** Its OrderChangeNotifRQ ChangeTypeCodes, as the kinds of change the gateway tells apart. */
  readonly changeKinds: Readonly<Record<string, ChangeNotification['kinds'][number]>>;
  /**
   * Whether a-la-carte item `itemId` of a new ServiceList answer is the service a seller chose as
   * `wanted` from an earlier one: airlines mint new item ids per answer, each in its own pattern.
   */
  sameService(itemId: string, wanted: string): boolean;
}

/**
 * Time budget per NDC message, for an airline that publishes none of its own. AirShopping searches
 * the airline's whole schedule and is the slowest shopping message (seconds on busy routes); it must
 * still end inside the aggregator's budget (SEARCH_TIMEOUT_MS, 12 s by default) so a slow airline
 * shows as `timed_out`, not as a hung search. OfferPrice re-quotes live inventory and may take as
 * long; seat maps and service lists are cached lookups at the airline and should be quick.
 * OrderCreate and OrderChange book, ticket and take payment and are the slowest calls an airline
 * answers: giving up early would leave an unknown outcome, so they get the longest budget;
 * retrieve, quote and reshop are reads. The probe is a monitoring call: anything slower than 5 s is
 * already "degraded" for a seller.
 */
export const NDC_BUDGETS_MS: NdcBudgetsMs = {
  AirShopping: 10_000,
  OfferPrice: 10_000,
  SeatAvailability: 6_000,
  ServiceList: 6_000,
  OrderCreate: 30_000,
  OrderChange: 30_000,
  OrderRetrieve: 10_000,
  OrderQuote: 10_000,
  OrderReshop: 15_000,
  probe: 5_000,
};

/**
 * A sameService rule for an airline whose a-la-carte item ids are `<offer id><separator><service>`:
 * every answer mints a new offer id, so the same service is the same part after it (null: an id
 * of no such part, matched whole only).
 */
export const sameServiceBy =
  (servicePart: (itemId: string) => string | null) =>
  (itemId: string, wanted: string): boolean => {
    if (itemId === wanted) return true;
    const part = servicePart(itemId);
    return part !== null && part === servicePart(wanted);
  };

/** A PriceClass as 21.3 describes it: its Name, Code and CabinType. Airlines that fill all three need nothing more. */
export function standardBrand(priceClass: Parsed): NdcBrand {
  return {
    name: text(priceClass.Name),
    code: text(priceClass.Code),
    cabin: cabinOf(text(node(priceClass.CabinType).CabinTypeCode)),
  };
}
