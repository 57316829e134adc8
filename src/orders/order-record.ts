import type { AirlineOrder, PassengerInput } from '../connectors/order-types.js';
import type { OrderStatus } from './order-status.js';

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
  /** The last cancellation quote accepted: what the refund will be. */
  cancellation?: { refund: { amountMinor: number; currency: string }; penalty: { amountMinor: number; currency: string } } | null;
}

export interface OrderRow {
  id: string;
  agency_id: string;
  environment: 'test' | 'live';
  airline: string;
  airline_order_id: string;
  airline_owner: string;
  pnr: string;
  status: OrderStatus;
  origin: string;
  destination: string;
  currency: string;
  total_minor: number;
  payment_deadline: Date | null;
  contact_email: string | null;
  details: OrderDetails;
  created_by_key_id: string | null;
  created_at: Date;
  updated_at: Date;
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
