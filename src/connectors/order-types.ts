import type { ConnectorResult } from './connector-failure.js';
import type { Cabin, CallContext, Money, Offer, Segment } from './connector-types.js';

/**
 * The airline-agnostic shapes of order servicing. The gateway stores an AirlineOrder as the
 * airline last reported it; every operation names an order by the airline's own id and owner.
 */

export type AirlineOrderStatus = 'hold' | 'ticketed' | 'cancelled' | 'refunded';

export interface OrderRef {
  airlineOrderId: string;
  owner: string;
}

export interface PassengerInput {
  passengerId: string;
  type: 'adult' | 'child' | 'infant';
  givenName: string;
  familyName: string;
  bornOn: string;
  gender: 'm' | 'f' | 'x' | null;
  email: string | null;
  phone: string | null;
}

export interface ContactInput {
  email: string;
  phone: string | null;
}

/** A seat or service the seller asks for; the connector prices it with the airline before use. */
export type ExtraRequest =
  | { kind: 'seat'; segmentId: string; passengerId: string; designator: string }
  | { kind: 'service'; serviceId: string; passengerId: string; segmentId: string | null };

/** An extra the airline priced: what to send back when accepting it. */
export interface PricedExtra {
  request: ExtraRequest;
  airlineOfferId: string;
  airlineItemId: string;
  name: string;
  price: Money;
}

export type PaymentInput =
  | { type: 'hold' }
  | { type: 'agency_account' }
  | {
      type: 'card';
      card: { number: string; expiry: string; holderName: string; securityCode: string | null };
      /** The seller's 3-D Secure 2 result for this card; only an airline that carries it gets it (Connector.carriesPaymentAuthentication). */
      authentication?: CardAuthentication;
    }
  | {
      /** A trip credit the airline keeps on an earlier ticket of the traveller: that ticket pays (21.3 AccountableDoc). */
      type: 'airline_credit';
      ticketNumber: string;
      /** The original issue of that ticket (YYYY-MM-DD), when known. */
      issuedOn: string | null;
    };

/** A 3-D Secure 2 authentication the seller ran with the card holder: what the airline needs as its proof. */
export interface CardAuthentication {
  /** The authentication value (CAVV / AAV), as the access control server gave it. */
  authenticationValue: string;
  /** The directory server's transaction id. */
  directoryServerTransactionId: string;
  /** Electronic commerce indicator: 05/02 authenticated, 06/01 attempted. */
  eci: string;
  /** The transaction status: Y authenticated, A attempted. */
  status: string;
  /** The 3-D Secure protocol version, e.g. 2.2.0; null when not given. */
  version: string | null;
}

/**
 * A booked segment: the same Segment an offer carries (marketing carrier and flight number kept
 * apart, operating carrier, aircraft, cabin, booking class), plus whether the airline still holds it.
 */
export interface OrderSegment extends Segment {
  status: 'confirmed' | 'cancelled';
}

export interface OrderTicket {
  ticketNumber: string;
  passengerId: string;
  /** A ticket or an EMD (21.3 TicketDocTypeCode); absent when the airline does not say (read as a ticket). */
  kind?: 'ticket' | 'emd';
  /**
   * An EMD's document type code as sent (PADIS 1001: J associated, Y standalone), its value (the
   * coupons' ValueAmount) and the ticket it is associated with; absent on tickets, so older stored
   * views compare equal.
   */
  emd?: { typeCode: string; amount: Money | null; ticketNumber: string | null };
  /**
   * The airline's coupon status codes as sent (I, F, E, RF, V; OPE, FLN, ...): order-view maps them.
   * An EMD's coupon names the extra it pays for (`extraId`, the order item of the seat or service).
   */
  coupons: { couponNumber: number; segmentId: string | null; status: string; extraId?: string }[];
}

/** Value a cancelled ticket keeps for a future trip (AA's trip credit), as the airline states it. */
export interface OrderCredit {
  passengerId: string;
  /** The ticket the value stays on; null when the airline named no ticket of the passenger. */
  ticketNumber: string | null;
  amount: Money;
  /** The original issue date of that ticket (YYYY-MM-DD), when the airline gives it. */
  issuedOn: string | null;
  /** When the credit can no longer be used; null when no issue date was given. */
  expiresAt: string | null;
  /** `used` once the ticket was exchanged for a new one. */
  status: 'available' | 'used';
}

export interface OrderExtra {
  /** The airline's id of the extra's order item: what removing it names. Absent in orders stored before it was read. */
  extraId?: string;
  kind: 'seat' | 'service';
  passengerId: string;
  segmentId: string | null;
  designator: string | null;
  name: string;
  price: Money | null;
}

export interface AirlineOrder {
  airlineOrderId: string;
  owner: string;
  pnr: string;
  status: AirlineOrderStatus;
  total: Money;
  paymentDeadline: string | null;
  passengers: {
    passengerId: string;
    type: PassengerInput['type'];
    givenName: string;
    familyName: string;
    bornOn: string | null;
  }[];
  segments: OrderSegment[];
  tickets: OrderTicket[];
  extras: OrderExtra[];
  /** Airline remarks: schedule changes, cancellations by the airline. */
  notices: string[];
  /** The airline's ids of the flight order items (what a reshop replaces). */
  flightItemIds: string[];
  /** What the airline paid back, when it refunded (absent otherwise, so older stored views compare equal). */
  refund?: Money;
  /**
   * The fare brand sold per segment id, where the airline's order view names it (a fare
   * component's price class); absent when it names none, so older stored views compare equal.
   */
  segmentBrands?: Record<string, { name: string | null; code: string | null }>;
  /** Trip credits cancelled tickets left (absent when none, so older stored views compare equal). */
  credits?: OrderCredit[];
}

export interface OrderQuote {
  total: Money;
  paymentDeadline: string | null;
  /** The airline's reprice offer id, accepted when the order is paid. */
  quoteId: string | null;
}

export interface ReshopOffer {
  offer: Offer;
  /** New price minus old price, before the penalty. */
  fareDifference: Money;
  /**
   * A cheaper new fare: what the airline does with the difference, as it says it (21.3's "Refund"
   * differential: back to the form of payment; "Residual": kept as credit), with its words when it
   * gives them; null when the new fare is not lower.
   */
  lowerFareDifference: { method: 'original_form_of_payment' | 'credit'; amount: Money; description: string | null } | null;
  penalty: Money;
  /** What the seller pays (positive) or gets back (negative) on acceptance. */
  amountDue: Money;
}

export interface CancelQuote {
  quoteId: string;
  /** Cash back to the form of payment. */
  refund: Money;
  /** Value the airline keeps for a future trip instead of cash (AA's trip credit); zero when none. */
  credit: Money;
  penalty: Money;
  expiresAt: string | null;
  /**
   * Where the value goes, when the airline says it (Duffel's `refund_to`); absent: read from the
   * amounts (cash refund first, then credit, else nothing).
   */
  method?: CancelRefundMethod;
}

/** Where a cancellation's value goes: back to the form of payment, kept as an airline credit, or nowhere. */
export type CancelRefundMethod = 'original_form_of_payment' | 'credit' | 'none';

/**
 * Part of an order to cancel: passengers (on every segment still booked), segments (for every
 * passenger) and/or extras by id. Their extras go with passengers and segments.
 */
export interface OrderPart {
  passengerIds: string[];
  segmentIds: string[];
  extraIds: string[];
}

/**
 * An airline's order as its connector read it moments ago, opaque to everyone else: handed back to
 * the same connector within the same request, it saves reading the order again.
 */
export interface OrderSnapshot {
  /** The connector that read it (its code); another connector ignores it. */
  readonly readBy: string;
}

export interface ReshopRequest {
  slices: { origin: string; destination: string; departureDate: string }[];
  cabin: Cabin | null;
  /** The segments the new flights replace (whole journeys); absent: the whole itinerary. */
  segmentIds?: string[];
  /** The order as retrieveOrderJourneys just read it: the reshop starts from it instead of a new read. */
  asRead?: OrderSnapshot;
}

/**
 * What an airline charged to change an order's flights: the amount it took (negative: what it gave
 * back), in its currency, and the change fee within it (null when the airline does not say).
 */
export interface ChangeCharge {
  amount: Money;
  penalty: Money | null;
}

export type ExtraSubject = { kind: 'offer'; offerId: string } | { kind: 'order'; ref: OrderRef };

/** Order operations every connector that sells orders implements. */
export interface OrderOperations {
  priceExtras(subject: ExtraSubject, extras: ExtraRequest[], ctx: CallContext): Promise<ConnectorResult<PricedExtra[]>>;
  createOrder(
    input: {
      offerId: string;
      passengers: PassengerInput[];
      contact: ContactInput;
      extras: PricedExtra[];
      payment: PaymentInput;
      expectedTotal: Money | null;
      /** The seller's own reference for the booking (the gateway's order id), kept by the airline. */
      sellerReference?: string | null;
    },
    ctx: CallContext,
  ): Promise<ConnectorResult<AirlineOrder>>;
  retrieveOrder(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<AirlineOrder>>;
  /**
   * The order with its segment ids grouped per journey (one-way trip; 21.3 PaxJourney), what a
   * reissue changes whole. Kept out of AirlineOrder so stored views of older orders still compare equal.
   */
  retrieveOrderJourneys?(
    ref: OrderRef,
    ctx: CallContext,
  ): Promise<ConnectorResult<{ order: AirlineOrder; journeys: string[][]; asRead?: OrderSnapshot }>>;
  /**
   * The booking the airline holds under the seller reference given at createOrder; null when the
   * airline says it has none (nothing was booked). Any other failure means "could not tell".
   */
  findOrderBySellerReference(reference: string, ctx: CallContext): Promise<ConnectorResult<AirlineOrder | null>>;
  quoteOrder(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<OrderQuote>>;
  /** Pays a hold (tickets it) and/or accepts priced extras, in one OrderChange. */
  changeOrder(
    ref: OrderRef,
    change: { extras: PricedExtra[]; payment: PaymentInput | null; amount: Money | null },
    ctx: CallContext,
  ): Promise<ConnectorResult<AirlineOrder>>;
  reshopOrder(ref: OrderRef, request: ReshopRequest, ctx: CallContext): Promise<ConnectorResult<ReshopOffer[]>>;
  /** Accepts reshop offers: the order as changed, and what the airline charged for the change. */
  acceptReshopOffers(
    ref: OrderRef,
    offerIds: string[],
    payment: PaymentInput | null,
    ctx: CallContext,
  ): Promise<ConnectorResult<{ order: AirlineOrder; charged: ChangeCharge }>>;
  /**
   * What accepting these reshop offers charges, as the offers stated it (what acceptReshopOffers
   * pays), or null when the source tells only at acceptance (Duffel reprices its pending change).
   */
  reshopAmountDue?(offerIds: string[]): Money | null;
  cancelQuote(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<CancelQuote>>;
  /** A quote for cancelling part of the order, accepted like a whole one with acceptCancel. */
  partialCancelQuote(ref: OrderRef, part: OrderPart, ctx: CallContext): Promise<ConnectorResult<CancelQuote>>;
  /**
   * Accepts the airline's own schedule changes on the order (the answer to its change
   * notification), naming the order's flight items; the airline then no longer owes the refund
   * of an involuntary change.
   */
  acceptChange(ref: OrderRef, flightItemIds: string[], ctx: CallContext): Promise<ConnectorResult<AirlineOrder>>;
  /** Accepts a cancellation quote; null when the airline confirmed but sent no readable order. */
  acceptCancel(ref: OrderRef, quoteId: string, ctx: CallContext): Promise<ConnectorResult<AirlineOrder | null>>;
}
