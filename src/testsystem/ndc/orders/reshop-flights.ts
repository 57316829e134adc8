// OrderReshop for new flights (ServiceOrder/AddOfferItems): the whole itinerary, or one journey of it
// when the DeleteOrderItems retain the other journeys' services (partial-reissue.ts). Offers are of
// the booking's price class, filed in its currency, each with its fare difference and change fee —
// except the free rebooking a disruption owes (involuntary-change.ts): no difference, no fee.

import type { AirlineProfile } from '../airline-profile.js';
import { OFFER_TTL_MS, searchOffers, searchRoundTrip } from '../offers/shopping-service.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { errorDocument } from '../wire/ndc-errors.js';
import { child, list, text, texts, type XmlObject } from '../wire/ndc-request-parser.js';
import { flightCents, type Booking, type SliceReplace } from './booking-record.js';
import { disrupted as wasDisrupted, freeRebooking } from './involuntary-change.js';
import { fitsBetween, priceSlice, replacedServices, replacedSlice, tripRanges } from './partial-reissue.js';
import { reshopOffersDocument, type ReshopChoice } from './reshop-builder.js';

const MAX_RESHOP_OFFERS = 6;
/** A reshop or cancellation quote's offer id: the airline's quote prefix and 17 hex digits. */
export const reshopQuoteId = (profile: AirlineProfile) => profile.ids.quote();

export function reshopFlights(
  deps: TestSystemDeps,
  b: Booking,
  { serviceOrder, now, root }: { serviceOrder: XmlObject | undefined; now: number; root: string },
) {
  const fail = (e: Parameters<typeof errorDocument>[1][number]) => ({ status: 200, body: errorDocument(root, [e]) });
  const { profile } = deps;
  const fee = profile.fares.changeFee(b.journey.priceClass, b.journey.currency);
  // A disrupted booking may always be rebooked (free within the waiver window, below).
  const disrupted = wasDisrupted(b);
  if (fee === null && !disrupted) return fail(profile.errors.changesNotPermitted(b.journey.priceClass.name));
  const deletions = list(serviceOrder, 'DeleteOrderItem').map((d) => ({
    itemId: text(d, 'OrderItemRefID') ?? '',
    retain: texts(d, 'RetainServiceID'),
  }));
  // No deletion named (older sellers): the whole itinerary, as the test system always answered.
  const slice = deletions.length > 0 ? replacedSlice(profile, b, deletions, now) : 'all';
  if (typeof slice === 'object' && 'typeCode' in slice) return fail(slice);
  // One criterion per journey asked for: a whole round trip is reshopped as a round trip.
  const criteria = list(
    child(serviceOrder, 'AddOfferItems', 'FlightRequest', 'FlightRequestOriginDestinationsCriteria'),
    'OriginDestCriteria',
  ).map((c) => ({
    origin: text(c, 'OriginDepCriteria', 'IATA_LocationCode') ?? '',
    destination: text(c, 'DestArrivalCriteria', 'IATA_LocationCode') ?? '',
    date: text(c, 'OriginDepCriteria', 'Date') ?? '',
  }));
  const { origin, destination, date } = criteria[0] ?? { origin: '', destination: '', date: '' };
  if (criteria.length > 2 || (criteria.length > 1 && slice !== 'all'))
    return fail(
      profile.errors.badRequest('One or two origin-destinations (a round trip) are reshopped at once', 'OriginDestCriteria'),
    );
  const wayRefusal = unkeptWay(b, slice, criteria);
  if (wayRefusal) return fail(profile.errors.badRequest(wayRefusal, 'OriginDestCriteria'));
  const oldCents = flightCents(b);
  const penaltyCents = (fee ?? 0) * b.pax.filter((p) => p.ptc !== 'INF').length;
  const replaced = slice === 'all' ? b.journey.segments : b.journey.segments.slice(slice.first, slice.first + slice.count);
  const current = replaced.map((s) => s.flight.key).join(',');
  // New flights are filed in the booking's currency, so the fare difference is of like amounts.
  const input = (c: { origin: string; destination: string; date: string }) => ({
    ...c,
    pax: b.pax,
    cabinCodes: [],
    directOnly: false,
    currency: b.journey.currency,
  });
  const back = criteria[1];
  const found = (
    back ? searchRoundTrip(deps, input(criteria[0]!), input(back)) : searchOffers(deps, input({ origin, destination, date }))
  )
    .filter((o) => o.journey.priceClass.id === b.journey.priceClass.id && !o.bookingRefusal)
    .filter((o) => o.journey.segments.map((s) => s.flight.key).join(',') !== current)
    .filter((o) => slice === 'all' || fitsBetween(b, slice, o.journey))
    .slice(0, MAX_RESHOP_OFFERS);
  if (found.length === 0) return fail(profile.errors.noFlights(origin, destination, date));
  const paid = b.tickets.length > 0;
  type Choice = ReshopChoice & { itemCents: Record<string, number> | null; waived: boolean };
  const choices = found
    .map((o): Choice | null => {
      // The disruption's free rebooking: the whole itinerary kept at the price paid, no change fee.
      if (slice === 'all' && freeRebooking(b, o.journey.segments, profile.sales.disruptionRebookingDays)) {
        const journey = { ...o.journey, perPtc: b.journey.perPtc, totalCents: b.journey.totalCents };
        return {
          offerId: reshopQuoteId(profile),
          journey,
          added: journey,
          diffCents: 0,
          newCents: oldCents,
          dueCents: 0,
          expiresAt: now + OFFER_TTL_MS,
          deleted: [],
          itemCents: null,
          waived: true,
        };
      }
      if (fee === null) return null;
      const priced =
        slice === 'all'
          ? { journey: o.journey, diffCents: o.journey.totalCents - oldCents, newCents: o.journey.totalCents, itemCents: null }
          : priceSlice(profile, b, slice, o.journey);
      return {
        offerId: reshopQuoteId(profile),
        journey: priced.journey,
        added: o.journey,
        diffCents: priced.diffCents,
        newCents: priced.newCents,
        dueCents: paid ? Math.max(0, priced.diffCents) + penaltyCents : 0,
        expiresAt: now + OFFER_TTL_MS,
        deleted: slice === 'all' ? [] : replacedServices(b, slice),
        itemCents: priced.itemCents,
        waived: false,
      };
    })
    .filter((c): c is Choice => c !== null);
  // One change fee per answer (ChangeFees occurs once): with free rebookings found, only they are offered.
  const waived = choices.filter((c) => c.waived);
  if (waived.length > 0) choices.splice(0, choices.length, ...waived);
  const feeCents = waived.length > 0 ? 0 : penaltyCents;
  if (choices.length === 0) return fail(profile.errors.changesNotPermitted(b.journey.priceClass.name));
  for (const c of choices)
    b.quotes.set(c.offerId, {
      kind: 'reshop',
      journey: c.journey,
      dueCents: c.dueCents,
      diffCents: c.diffCents,
      penaltyCents: feeCents,
      expiresAt: c.expiresAt,
      ...(slice !== 'all' && c.itemCents ? { replace: { ...slice, itemCents: c.itemCents } } : {}),
    });
  deps.bookings.save(b);
  return { status: 200, body: reshopOffersDocument(profile, b, { choices, penaltyCents: feeCents, oldCents, now }) };
}

/**
 * Why the criteria do not keep the order's ways, or null: a reshop changes each journey's flights
 * and dates, never its origin and destination, so the criteria name, in order, the way of every
 * journey changed (the whole itinerary's journeys still booked, or the one being replaced).
 */
function unkeptWay(b: Booking, slice: 'all' | SliceReplace, criteria: { origin: string; destination: string }[]): string | null {
  const segments = b.journey.segments;
  const live = (i: number) => !b.cancelledSegments?.includes(i);
  const ways = tripRanges(b.journey)
    .map((r, trip) => ({ ...r, trip }))
    .filter((r) => (slice === 'all' ? true : r.trip === slice.trip))
    .filter((r) => Array.from({ length: r.count }, (_, k) => r.first + k).some(live))
    .map((r) => `${segments[r.first]!.flight.pattern.origin}-${segments[r.first + r.count - 1]!.flight.pattern.destination}`);
  const asked = criteria.map((c) => `${c.origin}-${c.destination}`);
  const dropped = ways.find((w, i) => asked[i] !== w);
  if (dropped)
    return `The request drops the journey ${dropped} of order ${b.orderId}: ask one origin-destination per journey changed, in order, each its own`;
  if (asked.length > ways.length)
    return `The request adds ${asked.slice(ways.length).join(', ')} to order ${b.orderId}: a reshop changes the journeys the order has`;
  return null;
}
