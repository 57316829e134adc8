/// <reference types="@duffel/api" />
/**
 * Duffel's API shapes, as `@duffel/api` 4.30.0 declares them: the one place the connector takes
 * them from. Type-only (erased at build), so production does not need the package; where its types
 * and Duffel's API reference disagree the reference wins, and the local types below say so.
 */
import type {
  AirlineInitiatedChange,
  Offer,
  OfferSliceSegment,
  Order,
  OrderCancellation,
  OrderCancellationAirlineCredit,
  OrderChangeOffer,
  OrderSlice,
  OrderSliceSegment,
  Place,
  SeatMap,
} from '@duffel/api/types';

export type {
  AirlineInitiatedChange,
  Offer as DuffelOffer,
  OfferSliceSegment as DuffelOfferSegment,
  Order as DuffelOrder,
  OrderCancellation as DuffelOrderCancellation,
  OrderChangeOffer as DuffelOrderChangeOffer,
  OrderSlice as DuffelOrderSlice,
  OrderSliceSegment as DuffelOrderSegment,
  Place as DuffelPlace,
  SeatMap as DuffelSeatMap,
};

/**
 * An airline credit a cancellation issued, as Duffel's reference documents it (Airline Credits:
 * `expires_at`, `spent_at`); `@duffel/api` 4.30's OrderCancellationAirlineCredit leaves both out.
 */
export type DuffelCancellationCredit = OrderCancellationAirlineCredit & {
  expires_at?: string | null;
  spent_at?: string | null;
};

/** One error of Duffel's `errors` array (API reference, "Errors"). */
export interface DuffelApiError {
  type?: string;
  code?: string;
  title?: string;
  message?: string;
  documentation_url?: string;
  source?: { field?: string; pointer?: string } | null;
}

/**
 * The order `type` Duffel's reference documents: `instant` or `hold`. The client's CreateOrder
 * says `'instant' | 'pay_later'`; the reference (guides/holding-orders-and-paying-later) wins.
 */
export type DuffelOrderType = 'instant' | 'hold';

/** Duffel's webhook event envelope (API reference, "Webhooks"). */
export interface DuffelWebhookEvent {
  id: string;
  type: string;
  api_version?: string;
  live_mode?: boolean;
  created_at?: string;
  idempotency_key?: string;
  data?: { object?: { id?: string; order_id?: string } & Record<string, unknown> } & Record<string, unknown>;
}
