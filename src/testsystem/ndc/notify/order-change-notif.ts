// IATA_OrderChangeNotifRQ: how the airline tells a seller, unasked, that it changed one of the seller's
// orders (a flight retimed, renumbered or cancelled, with or without an alternative flight). One ChangeOperation per changed segment with
// the flight before (`Old`) and after (`New`), the order's id, PNR and new version, as the 21.3
// samples of a time change and a flight cancellation carry them (ChangeTypeCode 2 / 3, ReasonCode
// 100 / 116). The seller is expected to re-read the order (OrderRetrieve); the message says what
// happened, the order view stays the truth.

import type { AirlineProfile } from '../airline-profile.js';
import { flightLists, paxSegmentList, ResponseIds } from '../messages/offer-xml-builder.js';
import type { DatedFlight } from '../network/schedule-service.js';
import type { Booking } from '../orders/booking-record.js';
import { bookingRef } from '../orders/order-view-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { el, isoTimestamp, ndcDocument, type XmlNode } from '../wire/xml-builder.js';

export interface NotifiedSegment {
  before: DatedFlight;
  after: DatedFlight;
  cancelled: boolean;
  /** A cancelled flight whose passengers moved to `after`: `New` carries the alternative, its item active. */
  rebooked: boolean;
}

const TIME_CHANGE = { type: '2', reason: '100' };
const FLIGHT_CANCELLED = { type: '3', reason: '116' };

function dataLists(profile: AirlineProfile, flight: DatedFlight): XmlNode {
  const ids = new ResponseIds(profile);
  ids.segment(flight);
  return el('DataLists', [...flightLists(ids), paxSegmentList(ids)]);
}

function order(profile: AirlineProfile, b: Booking, segmentStatus: 'CONFIRMED' | 'CANCELLED' | null): XmlNode {
  return el('Order', [
    bookingRef(profile, b),
    el('OrderID', b.orderId),
    segmentStatus
      ? el('OrderItem', [
          el('OrderItemID', `${b.orderId}-SEG`),
          el('OwnerCode', profile.ownerCode),
          el('StatusCode', segmentStatus === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE'),
        ])
      : null,
    el('OrderVersionNumber', b.version),
    el('OwnerCode', profile.ownerCode),
    el('StatusCode', b.status === 'CANCELLED' ? 'CLOSED' : 'OPENED'),
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
    return el('ChangeOperation', [
      el('ChangeDateTime', isoTimestamp(now)),
      el('ChangeTypeCode', codes.type),
      el('New', [dataLists(profile, s.after), order(profile, b, s.cancelled && !s.rebooked ? 'CANCELLED' : 'CONFIRMED')]),
      el('Old', [dataLists(profile, s.before)]),
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
