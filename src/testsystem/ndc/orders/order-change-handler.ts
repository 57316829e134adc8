// OrderChange: pays a hold (tickets it), adds seats and services, accepts a reshop offer (reissue of
// the whole itinerary or of one journey)
// or a cancellation quote (21.3's cancel: AcceptCancelledOffer), or accepts the airline's own schedule
// changes (AcceptChange, the seller's answer to an OrderChangeNotifRQ). Payment must match what is due.

import { formatAmount } from '../fares/fare-pricing.js';
import { SoldOutError } from '../network/inventory-service.js';
import type { MessageHandler } from '../messages/message-handler.js';
import { errorDocument, type NdcErrorSpec } from '../wire/ndc-errors.js';
import { child, list, text, type XmlObject } from '../wire/ndc-request-parser.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import {
  activeSegments,
  booking,
  closeBooking,
  issueTickets,
  releaseJourney,
  seatedPax,
  sellJourney,
  totalCents,
  type Booking,
} from './booking-record.js';
import { extraItem } from './order-extras.js';
import { applyRemoval, removalRefusal } from './partial-cancellation.js';
import { applySlice } from './partial-reissue.js';
import { orderNotFound } from './order-retrieve-handler.js';
import { orderViewDocument } from './order-view-builder.js';
import { paidAmountCents } from './payment-reader.js';
import { securePayments } from './secure-payment.js';
import { creditUsesOf, spendCredits } from './credit-redemption.js';
import { creditsOnCancel, creditsOnNewTickets, mergeCredits } from './trip-credit.js';
import { acceptChanges } from './involuntary-change.js';
import { issueEmds, settleEmds } from './emd-record.js';

const ROOT = 'IATA_OrderViewRS';
const fail = (e: NdcErrorSpec) => ({ status: 200, body: errorDocument(ROOT, [e]) });

function acceptCancel(deps: TestSystemDeps, b: Booking, offerId: string): NdcErrorSpec | null {
  const q = b.quotes.get(offerId);
  if (!q || q.kind === 'reshop' || q.expiresAt <= deps.clock.now()) return deps.profile.errors.expiredOffer(offerId);
  b.quotes.delete(offerId);
  if (q.penaltyCents > 0) b.penaltyCents = (b.penaltyCents ?? 0) + q.penaltyCents;
  if (q.kind === 'partial') {
    // The booking may have moved since the quote (a flight left, another change): checked again.
    const now = deps.clock.now();
    const refusal = removalRefusal(deps.profile, b, q, now);
    if (refusal) return refusal;
    applyRemoval(deps, b, q, { terms: q, now });
    deps.bookings.save(b);
    return null;
  }
  closeBooking(deps, b, null);
  if (b.tickets.length > 0) {
    // Cash back refunds the coupons; a trip credit keeps them open with the ticket's value on it
    // (trip-credit.ts); a forfeited fare leaves them void.
    // The EMDs first, by their own rule: what is left of the refund is the tickets'.
    const emdRefund = settleEmds(b, q.emds);
    if (q.creditCents > 0) b.credits = creditsOnCancel(b, q.creditCents);
    else for (const t of b.tickets) t.couponStatus = q.refundCents - emdRefund > 0 ? 'RF' : 'V';
    // Partial cancellations before may have refunded some already.
    b.refundedCents += q.refundCents;
    b.refunded = q.refundCents > 0;
    deps.bookings.save(b);
  }
  return null;
}

/**
 * The seller accepts the airline's changes: every pending one, since the notification asked for one
 * answer per order. The items named must be the booking's flight items (or the notification's
 * segment item); accepting with nothing pending changes nothing, so a retried call is harmless.
 */
function acceptChange(deps: TestSystemDeps, b: Booking, itemIds: string[]): NdcErrorSpec | null {
  const known = new Set([`${b.orderId}-SEG`, ...b.items.filter((i) => i.kind === 'flight').map((i) => i.itemId)]);
  const unknown = itemIds.find((id) => !known.has(id));
  if (unknown !== undefined)
    return deps.profile.errors.badRequest(`Order item ${unknown} is not a flight of this order`, 'OrderItemRefID');
  if (acceptChanges(b, deps.clock.now()) > 0) deps.bookings.save(b);
  return null;
}

function acceptReshop(deps: TestSystemDeps, b: Booking, offerId: string, paid: number | null): NdcErrorSpec | null {
  const q = b.quotes.get(offerId);
  if (!q || q.kind !== 'reshop' || q.expiresAt <= deps.clock.now()) return deps.profile.errors.expiredOffer(offerId);
  if (q.dueCents > 0 && paid !== q.dueCents)
    return deps.profile.errors.badRequest(
      `Payment of ${b.journey.currency} ${formatAmount(q.dueCents, b.journey.currency)} is required to accept ${offerId}`,
      'PaymentFunctions',
    );
  if (q.replace && q.replace.version !== b.version) return deps.profile.errors.expiredOffer(offerId);
  const seats = seatedPax(b).length;
  // Segments cancelled on their own gave their seats back already; a slice change swaps its journey only.
  const held = q.replace
    ? { segments: activeSegments(b).filter((s) => oldSlice(b, q.replace!).includes(s)) }
    : { segments: activeSegments(b) };
  const adding = q.replace
    ? { segments: q.journey.segments.slice(q.replace.first, q.replace.first + (q.journey.directions[q.replace.trip] ?? 0)) }
    : q.journey;
  if (q.replace) {
    // The journey may have left since the offer was made.
    const left = held.segments.find((s) => s.flight.depUtc <= deps.clock.now());
    if (left)
      return deps.profile.errors.badRequest(`Segment ${left.flight.key} has been flown and cannot be changed`, 'OfferRefID');
  }
  releaseJourney(deps.inventory, held, seats);
  try {
    sellJourney(deps.inventory, adding, seats);
  } catch (err) {
    sellJourney(deps.inventory, held, seats);
    if (err instanceof SoldOutError) return deps.profile.errors.segmentUnavailable;
    throw err;
  }
  if (q.replace) applySlice(b, q.replace, q.journey);
  else replaceItinerary(b, q.journey);
  // A new itinerary is the traveller's own choice: an earlier disruption owes nothing more.
  if (!q.replace) delete b.involuntaryChanges;
  // A cheaper itinerary's difference goes back as the fare says (profile.sales.lowerFareDifference,
  // what the reshop offer stated): to the form of payment, or kept as a trip credit on the new tickets.
  const back = q.diffCents < 0 ? deps.profile.sales.lowerFareDifference?.(b.journey.priceClass) : undefined;
  if (b.tickets.length > 0) {
    b.paidCents += q.dueCents;
    // The exchange reissues every passenger's ticket; coupons of segments cancelled alone stay so.
    const coupons = new Map(b.tickets.filter((t) => t.couponStatus === 'I').map((t) => [t.paxId, t.segmentCoupons]));
    issueTickets(b, deps.clock.now(), deps.profile);
    for (const t of b.tickets) {
      const kept = q.replace && t.couponStatus === 'I' ? coupons.get(t.paxId) : undefined;
      if (kept) t.segmentCoupons = kept;
    }
    if (b.credits?.length) b.credits = creditsOnNewTickets(b);
    if (back === 'credit') b.credits = mergeCredits(b.credits ?? [], creditsOnCancel(b, -q.diffCents));
    if (back === 'refund') b.refundedCents += -q.diffCents;
  }
  b.quotes.delete(offerId);
  b.version++;
  deps.bookings.save(b);
  return null;
}

/** A whole-itinerary reissue: the new journey, every flight item repriced and renamed. */
function replaceItinerary(b: Booking, journey: Booking['journey']): void {
  b.journey = journey;
  delete b.cancelledSegments;
  const flights = b.items.filter((i) => i.kind === 'flight');
  // Seats and per-segment services belonged to the old flights; bags (per journey) carry over.
  b.items = [
    ...flights.map((f, i) => ({
      ...f,
      itemId: `${b.orderId}-R${b.version}-${i + 1}`,
      cents:
        (journey.perPtc.find((p) => p.ptc === b.pax.find((x) => x.id === f.paxIds[0])?.ptc)?.totalCents ?? 0) * f.paxIds.length,
    })),
    ...b.items.filter((i) => i.kind === 'service' && i.segmentIndex === null),
  ];
}

const oldSlice = (b: Booking, r: { first: number; count: number }) => b.journey.segments.slice(r.first, r.first + r.count);

function addExtras(deps: TestSystemDeps, b: Booking, selections: XmlObject[]): { error: NdcErrorSpec } | { cents: number } {
  let cents = 0;
  for (const [i, sel] of selections.entries()) {
    const item = extraItem(deps.profile, {
      selected: sel,
      journey: b.journey,
      inventory: deps.inventory,
      itemId: `${b.orderId}-X${b.version}-${i + 1}`,
      withChildren: b.pax.some((p) => p.ptc !== 'ADT'),
    });
    if ('typeCode' in item) return { error: item };
    if (
      item.seat &&
      b.items.some(
        (x) =>
          x.seat && x.segmentIndex === item.segmentIndex && x.seat.row === item.seat!.row && x.seat.column === item.seat!.column,
      )
    ) {
      return {
        error: deps.profile.errors.badRequest(`Seat ${item.seat.row}${item.seat.column} is already assigned`, 'SelectedSeat'),
      };
    }
    // A new seat for the same passenger and flight replaces the old one.
    if (item.seat)
      b.items = b.items.filter((x) => !(x.seat && x.segmentIndex === item.segmentIndex && x.paxIds[0] === item.paxIds[0]));
    b.items.push(item);
    cents += item.cents;
  }
  b.version++;
  return { cents };
}

export const orderChangeHandler: MessageHandler = {
  message: 'OrderChange',
  requestRoot: 'IATA_OrderChangeRQ',
  responseRoot: ROOT,
  route: () => undefined,
  handle(parsed, deps) {
    const request = child(parsed.root, 'Request');
    const id = text(request, 'Order', 'OrderID') ?? '';
    const b = booking(deps, id);
    if (!b) return orderNotFound(deps.profile, ROOT, id);
    if (b.status === 'CANCELLED') return fail(deps.profile.errors.badRequest(`Order ${b.orderId} is cancelled`, 'OrderID'));
    const choice = child(request, 'ChangeOrderChoice');
    const paid = paidAmountCents(request);
    const secure = securePayments(deps.profile, request);
    if ('typeCode' in secure) return fail(secure);
    const cancelId = text(choice, 'AcceptCancelledOffer', 'OfferID');
    if (cancelId) {
      const error = acceptCancel(deps, b, cancelId);
      return error ? fail(error) : { status: 200, body: orderViewDocument(deps.profile, b, deps.clock.now()) };
    }
    const accepted = list(child(choice, 'AcceptChange'), 'OrderItemRefID').map((n) => text(n) ?? '');
    if (accepted.length > 0) {
      const error = acceptChange(deps, b, accepted);
      return error ? fail(error) : { status: 200, body: orderViewDocument(deps.profile, b, deps.clock.now()) };
    }
    const repriced = list(child(choice, 'AcceptRepricedOrder'), 'OfferRefID').map((n) => text(n) ?? '');
    if (repriced.length > 0) {
      // A credit may pay the reissue's difference: checked first, spent once the new tickets are issued.
      const creditUses = creditUsesOf(deps, request, b.passengers);
      if ('typeCode' in creditUses) return fail(creditUses);
      const charged = b.tickets.length > 0 ? paid : null;
      const error = acceptReshop(deps, b, repriced[0]!, charged);
      if (error) return fail(error);
      if (charged !== null) spendCredits(deps, b, creditUses);
      if (paid !== null && secure.length > 0) {
        b.securePayments = [...(b.securePayments ?? []), ...secure];
        deps.bookings.save(b);
      }
      return { status: 200, body: orderViewDocument(deps.profile, b, deps.clock.now()) };
    }
    const before = JSON.stringify(b.items);
    const selections = list(child(choice, 'AcceptSelectedQuotedOfferList'), 'SelectedPricedOffer').flatMap((s) =>
      list(s, 'SelectedOfferItem'),
    );
    // A hold paid while its documents are still to come owes nothing more: a second payment is refused, not taken.
    const unpaidHold = b.tickets.length === 0 && b.paidCents === 0;
    if (!unpaidHold && b.tickets.length === 0 && selections.length === 0 && paid !== null)
      return fail(
        deps.profile.errors.badRequest(`Order ${b.orderId} is already paid; its tickets are being issued`, 'PaymentFunctions'),
      );
    let extraCents = 0;
    if (selections.length > 0) {
      const added = addExtras(deps, b, selections);
      if ('error' in added) {
        b.items = JSON.parse(before) as Booking['items'];
        return fail(added.error);
      }
      extraCents = added.cents;
    }
    // A credit pays the hold or the extras (commit); what it may pay is checked before anything is taken.
    const creditUses = creditUsesOf(deps, request, b.passengers);
    if ('typeCode' in creditUses) {
      b.items = JSON.parse(before) as Booking['items'];
      return fail(creditUses);
    }
    const due = unpaidHold ? totalCents(b) : extraCents;
    if (paid !== null && paid !== due) {
      b.items = JSON.parse(before) as Booking['items'];
      return fail(
        deps.profile.errors.badRequest(
          `Payment amount ${b.journey.currency} ${formatAmount(paid, b.journey.currency)} does not match the amount due ${b.journey.currency} ${formatAmount(due, b.journey.currency)}`,
          'Amount',
        ),
      );
    }
    if (!unpaidHold && extraCents > 0 && paid === null) {
      b.items = JSON.parse(before) as Booking['items'];
      return fail(
        deps.profile.errors.badRequest(
          `Payment of ${b.journey.currency} ${formatAmount(extraCents, b.journey.currency)} is required for the selected services`,
          'PaymentFunctions',
        ),
      );
    }
    if (paid !== null) {
      b.paidCents += paid;
      if (secure.length > 0) b.securePayments = [...(b.securePayments ?? []), ...secure];
      // Paid, and its documents to follow when ticketing is deferred (the order stays unticketed).
      if (unpaidHold && !b.ticketingDeferred) {
        issueTickets(b, deps.clock.now(), deps.profile);
        b.status = 'TICKETED';
      }
      // Paid seats and services get their EMDs once the booking is ticketed (now, or with the tickets later).
      issueEmds(b, deps.profile);
      spendCredits(deps, b, creditUses);
    }
    b.ticketNumbers = b.tickets.map((t) => t.number);
    return { status: 200, body: orderViewDocument(deps.profile, b, deps.clock.now()) };
  },
};
