import type { AirlineOrder, PassengerInput } from '../connectors/order-types.js';

/** What the gateway keeps per order beyond the airline's view: the seller's inputs and open quotes. */
export interface OrderDetails {
  airline: AirlineOrder;
  passengers: PassengerInput[];
  contact: { email: string; phone: string | null };
  /** Priced extras waiting for `commit` with payment. */
  pendingUpsell: {
    extras: import('../connectors/order-types.js').PricedExtra[];
    total: { amountMinor: number; currency: string };
  } | null;
  refund: { amountMinor: number; currency: string; at: string } | null;
  /**
   * What commit paid for a hold itself: set even when the airline issues the tickets later, so a
   * paid hold still waiting for them is never paid again. Absent: a hold not paid yet, or an order
   * paid when it was booked.
   */
  holdPayment?: { amountMinor: number; currency: string; at: string };
  /** The fare conditions of the offer as priced when booking; absent on orders booked before they were kept. */
  conditions?: import('../shopping/conditions-view.js').ConditionsSource;
  /** The fare brand, baggage and taxes of the offer as priced when booking (sold-fare.ts); absent on older orders. */
  sold?: import('./sold-fare.js').SoldFare;
  /** Segments the airline changed on its own that the agency has not acknowledged (airline-changes/). */
  scheduleChanges?: import('./airline-changes/schedule-changes.js').SegmentScheduleChange[];
  /** The last cancellation and change quotes given: what the confirm steps accept (servicing/servicing-quote.ts). */
  servicingQuotes?: import('./servicing/servicing-quote.js').ServicingQuotes;
  /**
   * Credits of passengers a partial cancellation took off the order (order-credits.ts): the airline
   * keeps them under those passengers' tickets, which its order view no longer shows. Absent: none.
   */
  removedPassengerCredits?: import('../connectors/order-types.js').OrderCredit[];
  /** The last change of flights confirmed and what the airline charged for it; absent: none yet. */
  lastChange?: {
    charged: { amountMinor: number; currency: string };
    penalty: { amountMinor: number; currency: string } | null;
    at: string;
  };
  /** The last cancellation quote accepted: what the refund will be. */
  cancellation?: { refund: { amountMinor: number; currency: string }; penalty: { amountMinor: number; currency: string } } | null;
}

// The platform's declaration of `orders` reads `details` as this shape (tables/column-types.ts, FeatureDocuments).
declare module '../platform/db/tables/column-types.js' {
  interface FeatureDocuments {
    'orders.details': OrderDetails;
  }
}

/** Who did something to an order, as the history records it. */
export interface Actor {
  kind: 'api_key' | 'portal_user' | 'support' | 'airline' | 'system';
  id: string | null;
  onBehalfOfAgencyId: string | null;
}

/** The caller of an order route: whose orders it may see, and which airline endpoint it reaches. */
export interface OrderScope {
  agencyId: string;
  environment: 'test' | 'live';
  keyId: string | null;
  actor: Actor;
}
