// A booking as the test system keeps it: the StoredOrder the seat and service handlers already
// read (journey, passengers, status), plus what servicing needs — items, payment, tickets, quotes.
// Bookings are kept by deps.bookings (storage/booking-store.ts) as one JSON document each: a field
// added here must be plain data, with a default in storage/booking-document.ts for older rows.

import { randomInt } from 'node:crypto';
import type { AirlineProfile } from '../airline-profile.js';
import type { PricedJourney } from '../fares/fare-pricing.js';
import type { InventoryService } from '../network/inventory-service.js';
import type { OfferPax, StoredOrder } from '../offers/offer-store.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import type { InvoluntaryChange } from './involuntary-change.js';

/** The journey a reshop offer replaces (partial-reissue.ts makes and prices it). */
export interface SliceReplace {
  /** Index into journey.directions of the journey replaced. */
  trip: number;
  /** Index into journey.segments of its first segment, and how many segments it had. */
  first: number;
  count: number;
  /** The booking version the offer was made on: a booking changed since makes the offer stale. */
  version: number;
}

export interface BookedPax extends OfferPax {
  givenName: string;
  surname: string;
  birthdate: string | null;
  gender: string | null;
}

export interface BookedItem {
  itemId: string;
  kind: 'flight' | 'seat' | 'service';
  paxIds: string[];
  cents: number;
  /** Index into journey.segments for seats and per-segment services. */
  segmentIndex: number | null;
  seat: { row: number; column: string } | null;
  name: string;
  /** The reason for issuance of a paid seat or service (its EMD coupon's RFIC and RFISC); absent on older bookings. */
  reason?: { rfic: string; rfisc: string };
}

export interface Ticket {
  number: string;
  paxId: string;
  /** One status for all coupons: I open, E exchanged, RF refunded, V void. */
  couponStatus: 'I' | 'E' | 'RF' | 'V';
  /** Coupons of segments cancelled on their own (partial cancellation), by index into journey.segments. */
  segmentCoupons?: Record<string, 'RF' | 'V' | 'I'>;
}

/** An EMD-A of a paid seat or service and passenger (emd-record.ts issues and settles them). */
export interface Emd {
  number: string;
  paxId: string;
  /** The seat or service item it pays for. */
  itemId: string;
  cents: number;
  /** Its one coupon: I open (not used), RF refunded, V kept by the airline without value. */
  couponStatus: 'I' | 'RF' | 'V';
}

/** What a cancellation does with one open EMD: refunded to the form of payment, or kept by the airline. */
export interface EmdOutcome {
  number: string;
  refund: boolean;
}

export type Quote =
  | {
      kind: 'cancel';
      refundCents: number;
      creditCents: number;
      penaltyCents: number;
      expiresAt: number;
      /** What the cancellation does with each open EMD (emd-record.ts); absent: none. */
      emds?: EmdOutcome[];
    }
  | {
      kind: 'reshop';
      /** The whole journey once accepted (a slice change: the kept journeys with the new one in place). */
      journey: PricedJourney;
      dueCents: number;
      diffCents: number;
      penaltyCents: number;
      expiresAt: number;
      /** A change of one journey only (partial-reissue.ts), with each flight item's new price; absent: the whole itinerary. */
      replace?: SliceReplace & { itemCents: Record<string, number> };
    }
  | {
      /** Part of the booking: passengers (every segment), segments (every passenger) and/or extra items. */
      kind: 'partial';
      paxIds: string[];
      segmentIndexes: number[];
      itemIds: string[];
      /** What each flight item loses, by item id, as quoted (partial-cancellation.ts flightCuts); absent in older quotes. */
      cuts?: Record<string, number>;
      refundCents: number;
      creditCents: number;
      penaltyCents: number;
      expiresAt: number;
      emds?: EmdOutcome[];
    };

export interface Booking extends StoredOrder {
  passengers: BookedPax[];
  contactEmail: string;
  paymentDueAt: number;
  items: BookedItem[];
  paidCents: number;
  refundedCents: number;
  refunded: boolean;
  tickets: Ticket[];
  /** EMD-As of the paid seats and services (emd-record.ts); absent: none issued. */
  emds?: Emd[];
  /** When the first tickets were issued: a full-refund window (AA's 24 hours) runs from the purchase. */
  ticketedAt: number | null;
  notices: string[];
  quotes: Map<string, Quote>;
  version: number;
  /** The seller's own booking reference from OrderCreateRQ's BookingRef, as the airline keeps it on the PNR. */
  sellerReference: SellerReference | null;
  /** Segments cancelled on their own (indexes into journey.segments); absent when none. */
  cancelledSegments?: number[];
  /** Paid value taken off by partial cancellations (refunded, credited or forfeited). */
  removedCents?: number;
  /** Forfeited by accepted cancellations, whole or partial (the order view's PenaltyList where the airline sends one); absent: none. */
  penaltyCents?: number;
  /** The airline's own changes to the booking (schedule changes), in the order made; absent: none. */
  involuntaryChanges?: InvoluntaryChange[];
  /** Trip credits a cancellation left on open tickets (trip-credit.ts); absent: none. */
  credits?: { paxId: string; ticketNumber: string; cents: number }[];
  /** The 3-D Secure 2 results of card payments that carried them (payment-reader.ts); absent: none. */
  securePayments?: SecurePaymentRecord[];
  /**
   * Set by /control/orders/:id/defer-ticketing: paying the hold settles the money but issues no
   * documents until /control/orders/:id/issue-tickets (an airline whose ticketing runs behind).
   */
  ticketingDeferred?: boolean;
}

/** What the airline keeps of a payment's 3-D Secure 2 authentication: never the authentication value itself. */
export interface SecurePaymentRecord {
  /** DirectoryServerTrxID: the authentication's id at the card scheme's directory server. */
  directoryServerTrxId: string;
  /** ElectronicCommerceInd (ECI): 05/02 authenticated, 06/01 attempted. */
  eci: string;
  /** TrxStatusText: Y authenticated, A attempted. */
  status: string;
  cents: number;
}

export interface SellerReference {
  /** The seller organisation's OrgID: references are the seller's own, so they are kept per seller. */
  orgId: string;
  bookingId: string;
}

const PNR_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Six letters, no I or O (airlines avoid them in record locators), unique among live bookings. */
export function newPnr(exists: (pnr: string) => boolean): string {
  for (;;) {
    const pnr = Array.from({ length: 6 }, () => PNR_LETTERS[randomInt(PNR_LETTERS.length)]).join('');
    if (!exists(pnr)) return pnr;
  }
}

/** The airline's ticketing code (AA 001) and ten more digits make the 13-digit ticket number. */
export function newTicketNumber(ticketPrefix: string): string {
  return `${ticketPrefix}${String(randomInt(1e9)).padStart(9, '0')}${randomInt(10)}`;
}

export const flightCents = (b: Booking): number => b.items.filter((i) => i.kind === 'flight').reduce((s, i) => s + i.cents, 0);
export const totalCents = (b: Booking): number => b.items.reduce((s, i) => s + i.cents, 0);
export const seatedPax = (b: Booking): BookedPax[] => b.passengers.filter((p) => p.ptc !== 'INF');
/** The journey's segments still booked: a partial cancellation may have taken some off. */
export const activeSegments = (b: Booking) => b.journey.segments.filter((_, i) => !b.cancelledSegments?.includes(i));

/**
 * A booking by order id or PNR, as the airline sees it now: a hold whose payment limit has passed
 * is cancelled here, so no handler can forget to lapse it first.
 */
export function booking(deps: TestSystemDeps, orderId: string | undefined): Booking | undefined {
  const b = orderId ? (deps.bookings.get(orderId) as Booking | undefined) : undefined;
  if (b) lapseIfDue(deps, b);
  return b;
}

export function sellJourney(inventory: InventoryService, journey: Pick<PricedJourney, 'segments'>, seats: number): void {
  for (const s of journey.segments) inventory.sell(s.flight, s.cabin, seats);
}

export function releaseJourney(inventory: InventoryService, journey: Pick<PricedJourney, 'segments'>, seats: number): void {
  for (const s of journey.segments) inventory.release(s.flight, s.cabin, seats);
}

/** Closes the booking and gives its seats back to inventory. */
export function closeBooking(deps: TestSystemDeps, b: Booking, notice: string | null): void {
  if (b.status === 'CANCELLED') return;
  b.status = 'CANCELLED';
  // Segments cancelled earlier on their own gave their seats back already.
  releaseJourney(deps.inventory, { segments: activeSegments(b) }, seatedPax(b).length);
  if (notice) b.notices.push(notice);
  b.version++;
  deps.bookings.save(b);
}

/** Every booking made, open or closed, in the order they were made; a reset forgets them. */
export function allBookings(deps: TestSystemDeps): Booking[] {
  return deps.bookings.all() as Booking[];
}

/** The booking a seller made under its own reference, open or closed, as OrderRetrieve finds it. */
export function bookingBySellerReference(deps: TestSystemDeps, ref: SellerReference): Booking | undefined {
  const b = deps.bookings.bySellerReference(ref) as Booking | undefined;
  if (b) lapseIfDue(deps, b);
  return b;
}

/** Files a new booking under its order id, PNR and, when the seller gave one, its seller reference. */
export function recordBooking(deps: TestSystemDeps, b: Booking): void {
  deps.bookings.add(b);
}

/** Cancels every hold past its payment limit. */
export function lapseDueHolds(deps: TestSystemDeps): void {
  for (const b of allBookings(deps)) lapseIfDue(deps, b);
}

/** A hold whose payment time limit passed is cancelled by the airline. */
export function lapseIfDue(deps: TestSystemDeps, b: Booking): void {
  // A hold paid while its documents are still to come (ticketingDeferred) is the traveller's: it never lapses.
  if (b.status === 'OPENED' && b.tickets.length === 0 && b.paidCents === 0 && b.paymentDueAt <= deps.clock.now()) {
    closeBooking(deps, b, deps.profile.texts.holdLapsed);
  }
}

/**
 * Issues a ticket per passenger who needs one (exchanging any open ones): every passenger, but a lap
 * infant only where the airline tickets them on this journey (profile.sales.ticketsLapInfant). The
 * first issue is the purchase time.
 */
export function issueTickets(b: Booking, now: number, profile: Pick<AirlineProfile, 'ticketPrefix' | 'sales'>): void {
  b.ticketedAt ??= now;
  for (const t of b.tickets) if (t.couponStatus === 'I') t.couponStatus = 'E';
  const ticketed = b.passengers.filter((p) => p.ptc !== 'INF' || (profile.sales.ticketsLapInfant?.(b.journey) ?? true));
  b.tickets = [
    ...b.tickets.filter((t) => t.couponStatus !== 'E'),
    ...ticketed.map((p) => ({ number: newTicketNumber(profile.ticketPrefix), paxId: p.id, couponStatus: 'I' as const })),
  ];
}
