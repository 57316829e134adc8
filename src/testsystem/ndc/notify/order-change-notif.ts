// IATA_OrderChangeNotifRQ: how the airline tells a seller, unasked, that it changed one of the seller's
// orders (a flight retimed, renumbered or cancelled, with or without an alternative flight). One
// ChangeOperation per changed segment with the flight before (`Old`) and after (`New`), each with the
// booking's passengers and its flight items (ids, services per passenger with the PNR, follow-up
// action), the group with the order's new version, as VS's 21.3 samples of a time change and a flight
// cancellation carry them (ocn_time_change_rq.xml, ocn_flight_cancel_rq.xml: ChangeTypeCode 2 / 3,
// ReasonCode 100 / 116). The seller is expected to re-read the order (OrderRetrieve); the message
// says what happened, the order view stays the truth.

import type { AirlineProfile } from '../airline-profile.js';
import { flightLists, journeyList, paxSegmentList, ResponseIds } from '../messages/offer-xml-builder.js';
import type { DatedFlight } from '../network/schedule-service.js';
import type { Booking } from '../orders/booking-record.js';
import { bookingRef, flightServiceId, paxNode } from '../orders/order-view-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { el, isoTimestamp, ndcDocument, type XmlNode } from '../wire/xml-builder.js';

export interface NotifiedSegment {
  /** Index into the booking's journey.segments. */
  segmentIndex: number;
  before: DatedFlight;
  after: DatedFlight;
  cancelled: boolean;
  /** A cancelled flight whose passengers moved to `after`: `New` carries the alternative, its item active. */
  rebooked: boolean;
  /** Re-accommodated on a connection: its second flight (segment segmentIndex + 1); `New` carries both. */
  connection?: DatedFlight;
}

const TIME_CHANGE = { type: '2', reason: '100' };
const FLIGHT_CANCELLED = { type: '3', reason: '116' };

/**
 * The flights (before or after the change: one, or a connection's two) as the booking sells them,
 * their journey and the booking's passengers: ocn_flight_cancel_rq.xml's DataLists (segments,
 * OriginDestList, PaxJourneyList, PaxList, PaxSegmentList with cabin and booking class where the
 * airline names them there).
 */
function dataLists(
  profile: AirlineProfile,
  b: Booking,
  s: NotifiedSegment,
  flights: readonly DatedFlight[],
): { node: XmlNode; segIds: string[] } {
  const ids = new ResponseIds(profile);
  const sold = flights.map((flight, k) => {
    const segment = b.journey.segments[s.segmentIndex + k] ?? b.journey.segments[s.segmentIndex];
    return segment ? { ...segment, flight } : undefined;
  });
  const known = sold.every((x) => x !== undefined) ? sold : undefined;
  const journeyId = ids.journey([...flights], known);
  const segIds = flights.map((flight, k) => ids.segment(flight, sold[k]));
  const first = flights[0]!;
  const last = flights.at(-1)!;
  const node = el('DataLists', [
    ...flightLists(ids),
    el('OriginDestList', [
      el('OriginDest', [
        el('DestCode', last.pattern.destination),
        el('OriginCode', first.pattern.origin),
        el('OriginDestID', 'OD1'),
        el('PaxJourneyRefID', journeyId),
      ]),
    ]),
    journeyList(ids),
    el(
      'PaxList',
      b.passengers.map((p) => paxNode(p)),
    ),
    paxSegmentList(ids),
  ]);
  return { node, segIds };
}

/**
 * The booking's flight items as the change leaves them (ocn_flight_cancel_rq.xml, ocn_time_change_rq.xml):
 * each with its own id, one Service per passenger on the changed flight with the record locator and
 * its status, and, where the flight is cancelled with no alternative, the seller's follow-up action
 * (ContactAirline: the traveller must be rebooked or refunded).
 */
function order(
  profile: AirlineProfile,
  b: Booking,
  changed: { segmentIndex: number; segIds: readonly string[] },
  status: 'CONFIRMED' | 'CANCELLED',
): XmlNode {
  const followUp = status === 'CANCELLED';
  return el('Order', [
    el('OrderID', b.orderId),
    ...b.items
      .filter((item) => item.kind === 'flight')
      .map((item) =>
        el('OrderItem', [
          el('OrderItemID', item.itemId),
          el('OwnerCode', profile.ownerCode),
          followUp ? el('SellerFollowUpAction', [el('ActionCode', 'ContactAirline'), el('ActionInd', 'true')]) : null,
          ...changed.segIds.flatMap((segId, k) =>
            item.paxIds.map((paxId) =>
              el('Service', [
                bookingRef(profile, b),
                el('OrderServiceAssociation', [el('PaxSegmentRef', [el('PaxSegmentRefID', segId)])]),
                el('PaxRefID', paxId),
                el('ServiceID', flightServiceId(item.itemId, changed.segmentIndex + k, paxId)),
                el('StatusCode', status),
              ]),
            ),
          ),
        ]),
      ),
    el('OwnerCode', profile.ownerCode),
  ]);
}

export function orderChangeNotifDocument(
  profile: AirlineProfile,
  b: Booking,
  segments: readonly NotifiedSegment[],
  now: number,
): string {
  const operations = segments.map((s) => {
    const codes = s.cancelled ? FLIGHT_CANCELLED : TIME_CHANGE;
    const after = dataLists(profile, b, s, s.connection ? [s.after, s.connection] : [s.after]);
    const before = dataLists(profile, b, s, [s.before]);
    // Both halves carry the order's items as the change leaves them, as VS's samples do; only the
    // flight differs.
    const status = s.cancelled && !s.rebooked ? 'CANCELLED' : 'CONFIRMED';
    return el('ChangeOperation', [
      el('ChangeDateTime', isoTimestamp(now)),
      el('ChangeTypeCode', codes.type),
      el('New', [after.node, order(profile, b, { segmentIndex: s.segmentIndex, segIds: after.segIds }, status)]),
      el('Old', [before.node, order(profile, b, { segmentIndex: s.segmentIndex, segIds: before.segIds }, status)]),
      el('ReasonCode', codes.reason),
    ]);
  });
  const seller = b.sellerReference?.orgId;
  return ndcDocument('IATA_OrderChangeNotifRQ', [
    el('DistributionChain', [
      el('DistributionChainLink', [
        el('Ordinal', 1),
        el('OrgRole', 'Carrier'),
        el('ParticipatingOrg', [el('Name', profile.name), el('OrgID', profile.code)]),
      ]),
      seller
        ? el('DistributionChainLink', [el('Ordinal', 2), el('OrgRole', 'Seller'), el('ParticipatingOrg', [el('OrgID', seller)])])
        : null,
    ]),
    el('Notification', [el('ChangeGroup', [el('ChangeOperationGroup', [...operations, el('OrderVersionNumber', b.version)])])]),
    payloadAttributes(now),
  ]);
}
