import type { Itinerary } from '../content/schedules.js';
import type { DuffelDeps } from '../deps.js';
import type { SlicePrice } from '../shopping/offer-builder.js';
import { notFound } from '../wire/duffel-errors.js';
import { isIdOf } from '../wire/ids.js';
import type { OrderRecord } from './order-record.js';

/** The test system's records of flight changes: requests, the offers they get, and changes made from them. */
export const CHANGE_OFFER_LIFETIME_MS = 30 * 60_000;

export type OrderSlice = OrderRecord['order']['slices'][number];

export interface ChangeOfferRecord {
  offer: {
    id: string;
    order_change_id: string | null;
    slices: { add: OrderSlice[]; remove: OrderSlice[] };
    new_total_amount: string;
    new_total_currency: string;
    change_total_amount: string;
    change_total_currency: string;
    penalty_amount: string;
    penalty_currency: string;
    refund_to: 'original_form_of_payment';
    created_at: string;
    updated_at: string;
    expires_at: string;
  };
  orderId: string;
  requestId: string;
  addedPrices: SlicePrice[];
  addedLongHaul: boolean[];
}

export interface ChangeRequestRecord {
  request: {
    id: string;
    order_id: string;
    live_mode: false;
    slices: { add: unknown[]; remove: { slice_id: string }[] };
    created_at: string;
    updated_at: string;
  };
}

export interface OrderChangeRecord {
  change: {
    id: string;
    order_id: string;
    live_mode: false;
    slices: ChangeOfferRecord['offer']['slices'];
    change_total_amount: string;
    change_total_currency: string;
    new_total_amount: string;
    new_total_currency: string;
    penalty_total_amount: string;
    penalty_total_currency: string;
    refund_to: 'original_form_of_payment';
    available_payment_types: string[];
    created_at: string;
    expires_at: string;
    confirmed_at: string | null;
  };
  changeOfferId: string;
}

export const combos = (perSlice: Itinerary[][]) =>
  perSlice
    .map((o) => (perSlice.length > 1 ? o.slice(0, 3) : o))
    .reduce<Itinerary[][]>((acc, options) => acc.flatMap((c) => options.map((o) => [...c, o])), [[]]);

export interface Resource {
  kind: 'order_change_offer' | 'order_change_request' | 'order_change';
  prefix: 'orderChangeOffer' | 'orderChangeRequest' | 'orderChange';
  what: string;
}
export const CHANGE_OFFER: Resource = { kind: 'order_change_offer', prefix: 'orderChangeOffer', what: 'order change offer' };
export const CHANGE_REQUEST: Resource = {
  kind: 'order_change_request',
  prefix: 'orderChangeRequest',
  what: 'order change request',
};
export const ORDER_CHANGE: Resource = { kind: 'order_change', prefix: 'orderChange', what: 'order change' };

export async function load<T>(deps: DuffelDeps, resource: Resource, id: string): Promise<T> {
  const r = isIdOf(resource.prefix, id) ? await deps.store.get<T>(resource.kind, id) : undefined;
  if (!r) throw notFound(resource.what);
  return r;
}
