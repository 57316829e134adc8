// An order as stored: Duffel's Order object and what the airline keeps behind it (the brand, each
// slice's price for repricing changes, what has been paid). Also the pieces of an order every
// servicing step rebuilds: its actions, payment status, totals and e-tickets.

import { randomInt } from 'node:crypto';
import { AIRLINES, type OwnerCode, type wireAirline } from '../content/airlines.js';
import { brandOf } from '../content/brands.js';
import type { SlicePrice } from '../shopping/offer-builder.js';
import type { WireSlice } from '../shopping/wire-slices.js';
import type { DuffelDeps } from '../deps.js';
import { isIdOf } from '../wire/ids.js';
import { notFound } from '../wire/duffel-errors.js';
import { toWire } from '../wire/money.js';

export interface OrderPassenger {
  id: string;
  type: 'adult' | 'child' | 'infant_without_seat';
  title: string;
  gender: string;
  given_name: string;
  family_name: string;
  born_on: string;
  email: string;
  phone_number: string;
  infant_passenger_id: string | null;
  loyalty_programme_accounts: unknown[];
}

export interface OrderService {
  id: string;
  type: 'baggage' | 'seat';
  passenger_ids: string[];
  segment_ids: string[];
  quantity: number;
  total_amount: string;
  total_currency: string;
  metadata: Record<string, unknown>;
}

export interface OrderDocument {
  type: 'electronic_ticket' | 'electronic_miscellaneous_document_associated';
  unique_identifier: string;
  passenger_ids: string[];
}

export interface WireOrder {
  id: string;
  live_mode: false;
  created_at: string;
  synced_at: string;
  booking_reference: string;
  owner: ReturnType<typeof wireAirline>;
  content: 'self_managed';
  base_amount: string;
  base_currency: string;
  tax_amount: string;
  tax_currency: string;
  total_amount: string;
  total_currency: string;
  passengers: OrderPassenger[];
  slices: (Omit<WireSlice, 'conditions'> & { conditions: { change_before_departure: unknown } })[];
  services: OrderService[];
  documents: OrderDocument[];
  conditions: { change_before_departure: unknown; refund_before_departure: unknown };
  payment_status: {
    awaiting_payment: boolean;
    payment_required_by: string | null;
    price_guarantee_expires_at: string | null;
    paid_at: string | null;
  };
  available_actions: ('cancel' | 'change' | 'update')[];
  metadata: Record<string, string>;
  airline_initiated_changes: unknown[];
  cancellation: unknown;
  cancelled_at: string | null;
  users: string[];
}

export interface OrderRecord {
  order: WireOrder;
  owner: OwnerCode;
  brand: string;
  currency: string;
  offerId: string;
  /** Base fare and taxes of each current slice, all passengers. */
  slicePrices: SlicePrice[];
  longHaul: boolean[];
  /** Services booked, minor units. */
  servicesAmount: number;
  /** Paid so far (balance), minor units. */
  paidAmount: number;
}

export const flightsAmount = (r: OrderRecord) => r.slicePrices.reduce((s, p) => s + p.base + p.tax, 0);
export const totalAmount = (r: OrderRecord) => flightsAmount(r) + r.servicesAmount;

/** Rewrites the order's amounts from its slices' prices and services. */
export function refreshTotals(r: OrderRecord): void {
  const base = r.slicePrices.reduce((s, p) => s + p.base, 0) + r.servicesAmount;
  const tax = r.slicePrices.reduce((s, p) => s + p.tax, 0);
  r.order.base_amount = toWire(base);
  r.order.tax_amount = toWire(tax);
  r.order.total_amount = toWire(base + tax);
}

export function refreshActions(r: OrderRecord, changeAllowed: boolean): void {
  if (r.order.cancelled_at) r.order.available_actions = [];
  else if (r.order.payment_status.awaiting_payment) r.order.available_actions = ['cancel', 'update'];
  else r.order.available_actions = changeAllowed ? ['cancel', 'change', 'update'] : ['cancel', 'update'];
}

const LOCATOR = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const bookingReference = () => Array.from({ length: 6 }, () => LOCATOR[randomInt(LOCATOR.length)]).join('');

/**
 * E-tickets, one per passenger, numbered with the airline's ticketing prefix: issued on payment,
 * reissued by a change. The EMDs of services bought after booking stay: a reissue leaves them.
 */
export function issueTickets(r: OrderRecord): void {
  const prefix = AIRLINES[r.owner].ticketPrefix;
  r.order.documents = [
    ...r.order.passengers.map((p) => ({
      type: 'electronic_ticket' as const,
      unique_identifier: `${prefix}${String(randomInt(1e9)).padStart(10, '0')}`,
      passenger_ids: [p.id],
    })),
    ...r.order.documents.filter((d) => d.type !== 'electronic_ticket'),
  ];
}

/** An EMD for services bought after booking, numbered like the airline's tickets. */
export function emd(r: OrderRecord, passengerIds: string[]): OrderDocument {
  return {
    type: 'electronic_miscellaneous_document_associated',
    unique_identifier: `${AIRLINES[r.owner].ticketPrefix}${String(randomInt(1e9)).padStart(10, '0')}`,
    passenger_ids: passengerIds,
  };
}

export async function loadOrder(deps: DuffelDeps, id: unknown, what = 'order'): Promise<OrderRecord> {
  const record = typeof id === 'string' && isIdOf('order', id) ? await deps.store.get<OrderRecord>('order', id) : undefined;
  if (!record) throw notFound(what);
  return record;
}

/** Whether the order's brand allows a change of flights after booking. */
export const changeAllowed = (r: OrderRecord) => brandOf(r.owner, r.brand)?.change.allowed ?? false;
