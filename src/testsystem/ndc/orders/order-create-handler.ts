// OrderCreate: books one or more priced offers (AA answers one offer per origin-destination) with
// optional seats and services, as a hold or ticketed at once when PaymentFunctions pay the total.

import { formatAmount, joinJourneys, normalizePtc } from '../fares/fare-pricing.js';
import { SoldOutError } from '../network/inventory-service.js';
import type { MessageHandler } from '../messages/message-handler.js';
import type { AirlineProfile } from '../airline-profile.js';
import { errorDocument, type NdcErrorSpec } from '../wire/ndc-errors.js';
import { child, list, text, type XmlObject } from '../wire/ndc-request-parser.js';
import type { StoredOffer } from '../offers/offer-store.js';
import {
  issueTickets,
  lapseDueHolds,
  newPnr,
  recordBooking,
  seatedPax,
  sellJourney,
  totalCents,
  type BookedItem,
  type BookedPax,
  type Booking,
  type SellerReference,
} from './booking-record.js';
import { issueEmds } from './emd-record.js';
import { extraItem } from './order-extras.js';
import { orderViewDocument } from './order-view-builder.js';
import { paidAmountCents } from './payment-reader.js';
import { securePayments } from './secure-payment.js';
import { creditUsesOf, spendCredits } from './credit-redemption.js';

/** Whether an item id is one of the airline's seat or service a-la-carte items (see order-extras.ts). */
function isALaCarteItem(profile: AirlineProfile, itemId: string): boolean {
  const seat = profile.seatItems.parse(itemId);
  if (seat && (seat.tier === null || seat.tier in profile.seats.products)) return true;
  const service = profile.serviceItems.parse(itemId);
  return service !== null && profile.services.some((s) => s.id === service.serviceId);
}

/** The seller's own reference: a Request/BookingRef whose booking entity is an organisation. */
function sellerReferenceOf(request: XmlObject | undefined): SellerReference | null {
  for (const ref of list(request, 'BookingRef')) {
    const orgId = text(ref, 'BookingEntity', 'Org', 'OrgID');
    const bookingId = text(ref, 'BookingID');
    if (orgId && bookingId) return { orgId, bookingId };
  }
  return null;
}

function fail(errors: NdcErrorSpec[]) {
  return { status: 200, body: errorDocument('IATA_OrderViewRS', errors) };
}

export const orderCreateHandler: MessageHandler = {
  message: 'OrderCreate',
  requestRoot: 'IATA_OrderCreateRQ',
  responseRoot: 'IATA_OrderViewRS',
  route: () => undefined,
  handle(parsed, deps) {
    lapseDueHolds(deps);
    const { profile } = deps;
    const now = deps.clock.now();
    const request = child(parsed.root, 'Request');
    const selected = list(child(request, 'CreateOrder', 'AcceptSelectedQuotedOfferList'), 'SelectedPricedOffer');
    const flightOffers: StoredOffer[] = [];
    const extraSelections: XmlObject[] = [];
    for (const s of selected) {
      const id = text(s, 'OfferRefID') ?? '';
      const offer = deps.store.offer(id);
      if (offer) {
        if (offer.expiresAt <= now) return fail([profile.errors.expiredOffer(id)]);
        if (offer.bookingRefusal) return fail(offer.bookingRefusal.errors);
        flightOffers.push(offer);
      } else if (list(s, 'SelectedOfferItem').every((i) => isALaCarteItem(profile, text(i, 'OfferItemRefID') ?? ''))) {
        extraSelections.push(...list(s, 'SelectedOfferItem'));
      } else {
        return fail([profile.errors.expiredOffer(id)]);
      }
    }
    if (flightOffers.length === 0) return fail([profile.errors.badRequest('No flight offer selected', 'SelectedPricedOffer')]);
    const paxNodes = list(child(request, 'DataLists', 'PaxList'), 'Pax');
    const passengers: BookedPax[] = paxNodes.map((p, i) => ({
      id: text(p, 'PaxID') ?? `PAX${i + 1}`,
      ptc: normalizePtc(text(p, 'PTC')),
      givenName: text(p, 'Individual', 'GivenName') ?? '',
      surname: text(p, 'Individual', 'Surname') ?? '',
      birthdate: text(p, 'Individual', 'Birthdate') ?? null,
      gender: text(p, 'Individual', 'GenderCode') ?? null,
    }));
    const expected = flightOffers[0]!.pax;
    const sameParty =
      passengers.length === expected.length && expected.every((e) => passengers.some((p) => p.id === e.id && p.ptc === e.ptc));
    if (!sameParty)
      return fail([
        profile.errors.badRequest(
          `Passengers do not match offer ${flightOffers[0]!.offerId}: expected ${expected.map((e) => `${e.id}/${e.ptc}`).join(', ')}`,
          'PaxList',
        ),
      ]);
    if (passengers.some((p) => !p.surname || !p.birthdate))
      return fail([profile.errors.badRequest('Every passenger needs a surname and a birth date', 'Individual')]);
    const journey =
      flightOffers.length === 1
        ? flightOffers[0]!.journey
        : joinJourneys(
            profile,
            flightOffers.map((o) => o.journey),
            false,
          );
    const bookingReference = newPnr((pnr) => deps.bookings.byPnr(pnr) !== undefined);
    const orderId = profile.ids.order(bookingReference, now);
    const items: BookedItem[] = flightOffers.flatMap((o, n) =>
      o.items.map((it, i) => ({
        itemId: `${orderId}-${n + 1}-${i + 1}`,
        kind: 'flight' as const,
        paxIds: it.paxIds,
        cents: (o.journey.perPtc.find((p) => p.ptc === it.ptc)?.totalCents ?? 0) * it.paxIds.length,
        segmentIndex: null,
        seat: null,
        name: 'Flight',
      })),
    );
    for (const [i, sel] of extraSelections.entries()) {
      const item = extraItem(profile, {
        selected: sel,
        journey,
        inventory: deps.inventory,
        itemId: `${orderId}-X${i + 1}`,
        withChildren: passengers.some((p) => p.ptc !== 'ADT'),
      });
      if ('typeCode' in item) return fail([item]);
      items.push(item);
    }
    const contactEmail =
      text(child(request, 'DataLists', 'ContactInfoList', 'ContactInfo', 'EmailAddress'), 'EmailAddressText') ?? '';
    const b: Booking = {
      orderId,
      bookingReference,
      offerId: flightOffers[0]!.offerId,
      status: 'OPENED',
      createdAt: now,
      journey,
      pax: passengers.map((p) => ({ id: p.id, ptc: p.ptc })),
      ticketNumbers: [],
      passengers,
      contactEmail,
      paymentDueAt: Math.min(...flightOffers.map((o) => o.paymentDueAt ?? now)),
      items,
      paidCents: 0,
      refundedCents: 0,
      refunded: false,
      tickets: [],
      ticketedAt: null,
      notices: [],
      quotes: new Map(),
      version: 1,
      sellerReference: sellerReferenceOf(request),
    };
    const paid = paidAmountCents(request);
    if (paid === null && flightOffers.some((o) => o.paymentDueAt === null)) return fail([profile.errors.holdNotAllowed]);
    const secure = securePayments(profile, request);
    if ('typeCode' in secure) return fail([secure]);
    const creditUses = creditUsesOf(deps, request, passengers);
    if ('typeCode' in creditUses) return fail([creditUses]);
    if (paid !== null && paid !== totalCents(b)) {
      return fail([
        profile.errors.badRequest(
          `Payment amount ${b.journey.currency} ${formatAmount(paid, b.journey.currency)} does not match the order total ${b.journey.currency} ${formatAmount(totalCents(b), b.journey.currency)}`,
          'Amount',
        ),
      ]);
    }
    try {
      sellJourney(deps.inventory, journey, seatedPax(b).length);
    } catch (err) {
      if (err instanceof SoldOutError) return fail([profile.errors.segmentUnavailable]);
      throw err;
    }
    if (paid !== null) {
      b.paidCents = paid;
      if (secure.length > 0) b.securePayments = secure;
      issueTickets(b, now, profile);
      issueEmds(b, profile);
      b.status = 'TICKETED';
      spendCredits(deps, b, creditUses);
    }
    b.ticketNumbers = b.tickets.map((t) => t.number);
    recordBooking(deps, b);
    return { status: 200, body: orderViewDocument(profile, b, now) };
  },
};
